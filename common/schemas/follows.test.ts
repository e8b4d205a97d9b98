import { describe, expect, it } from "vitest";
import { FOLLOWS_LIMIT, validFollows } from "./follows.ts";

/** A forged "folge-ich" list in local storage loses its bad entries, never the page. */
describe("validFollows", () => {
  const artist = { kind: "artist", id: 7, name: "Nachteule", path: "/artist/nachteule" };

  it("keeps valid entries once and drops forged ones", () => {
    expect(
      validFollows([
        artist,
        artist,
        { ...artist, id: 8, path: "javascript:alert(1)" },
        { ...artist, id: 9, path: "https://evil.example/artist/x" },
        { ...artist, id: 10, path: "//evil.example/artist/x" },
        { ...artist, id: 11, kind: "user" },
        { ...artist, id: 12, name: "<img src=x onerror=alert(1)>", extra: true },
        { ...artist, id: 13, name: "Null\u0000Byte" },
        { kind: "club", id: 3, name: "Distillery", path: "/club/distillery/3" },
        "kaputt",
        null,
      ]),
    ).toEqual([artist, { kind: "club", id: 3, name: "Distillery", path: "/club/distillery/3" }]);
  });

  it("answers an empty list for anything but a list, and caps a huge one", () => {
    expect(validFollows({ follows: [artist] })).toEqual([]);
    expect(validFollows("[]")).toEqual([]);
    const many = Array.from({ length: 10_000 }, (_, index) => ({ ...artist, id: index + 1 }));
    expect(validFollows(many)).toHaveLength(FOLLOWS_LIMIT);
  });
});
