import { describe, expect, it } from "vitest";
import { hasNoControlCharacters } from "./control-characters.ts";

describe("control characters", () => {
  it.each(["\u0000", "a\u0007b", "\u001b[31m", "\u007f", "\u0085", "x\u009f"])(
    "refuse the control character in %j",
    (value) => {
      expect(hasNoControlCharacters(value)).toBe(false);
    },
  );

  it("keep tab, line breaks and every printable script", () => {
    expect(hasNoControlCharacters("Bässe\tbis\r\nzum Morgen 🎧 ночь 夜 ليلة")).toBe(true);
  });
});
