import { describe, expect, it } from "vitest";
import { LINEUP_EDIT_ONLY, lineupValues, moveEntry } from "./lineup-post.ts";

describe("the line-up of a plain post (without JavaScript)", () => {
  const plain = {
    title: "Nachtschicht",
    lineup_artist: ["Nachteule", "Ellen Allien", ""],
    lineup_floor: ["Main", "Main", ""],
    lineup_start: ["23:00", "01:00", ""],
    lineup_end: ["01:00", "", ""],
  };

  it("reads the repeated rows as entries, drops empty rows, appends the quick entry", () => {
    expect(
      lineupValues({ ...plain, lineup_quick: "Motte\n\n  Bass  \n", lineup_quick_floor: "Garten" }),
    ).toEqual({
      title: "Nachtschicht",
      lineup: [
        { artist: "Nachteule", floor: "Main", start: "23:00", end: "01:00" },
        { artist: "Ellen Allien", floor: "Main", start: "01:00", end: "" },
        { artist: "Motte", floor: "Garten", start: "", end: "" },
        { artist: "Bass", floor: "Garten", start: "", end: "" },
      ],
    });
  });

  it("applies a move button and marks the post as reordering only", () => {
    const moved = lineupValues({ ...plain, lineup_move: "down:0" });
    expect((moved.lineup as { artist: string }[]).map((entry) => entry.artist)).toEqual([
      "Ellen Allien",
      "Nachteule",
    ]);
    expect(moved[LINEUP_EDIT_ONLY]).toBe(true);
  });

  it("leaves a JSON post and impossible moves alone", () => {
    const json = { title: "x", lineup: [{ artist: "A" }] };
    expect(lineupValues(json)).toBe(json);
    expect(moveEntry(["a", "b"], "up:0")).toEqual(["a", "b"]);
    expect(moveEntry(["a", "b"], "down:7")).toEqual(["a", "b"]);
    expect(moveEntry(["a", "b"], "sideways:1")).toEqual(["a", "b"]);
  });
});
