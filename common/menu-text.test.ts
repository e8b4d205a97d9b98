import { describe, expect, it } from "vitest";
import { menuFromText, menuToText } from "./menu-text.ts";

describe("menu text", () => {
  it("reads entries and submenus and writes them back the same", () => {
    const text = "Partys | /\nClubs | /club\n- A–Z | /club\nFAQ | /faq";
    const parsed = menuFromText(text);
    expect(parsed).toEqual({
      items: [
        { label: "Partys", url: "/" },
        { label: "Clubs", url: "/club", children: [{ label: "A–Z", url: "/club" }] },
        { label: "FAQ", url: "/faq" },
      ],
    });
    expect(menuToText((parsed as { items: never[] }).items)).toBe(text);
  });

  it("names the line that is not an entry", () => {
    expect(menuFromText("Partys | /\nnur Text")).toEqual({
      error: "Zeile 2: bitte „Bezeichnung | /pfad“.",
    });
    expect(menuFromText("- Unter | /x")).toHaveProperty("error");
  });
});
