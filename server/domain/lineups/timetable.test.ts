import { describe, expect, it } from "vitest";
import type { LineupEntry } from "./lineup-store.server.ts";
import { lineupText } from "./lineup-text.ts";
import { timetableOf } from "./timetable.ts";

const set = (
  id: number,
  name: string,
  floor: string,
  start?: string,
  end?: string,
): LineupEntry => ({
  id,
  artist: { id, name, slug: name.toLowerCase() },
  floor,
  startsAt: start ? new Date(start) : null,
  endsAt: end ? new Date(end) : null,
});

// Friday 23:00 to Saturday 08:00 in Berlin.
const party = {
  startsAt: new Date("2026-11-20T22:00:00Z"),
  endsAt: new Date("2026-11-21T07:00:00Z"),
};
const lineup = [
  set(1, "Nachteule", "Main", "2026-11-20T22:00:00Z", "2026-11-21T00:00:00Z"),
  set(2, "Ellen", "Main", "2026-11-21T00:00:00Z", "2026-11-21T02:00:00Z"),
  set(3, "Motte", "Main", "2026-11-21T02:00:00Z"),
  set(4, "Bass", "Garten", "2026-11-21T01:00:00Z"),
  set(5, "Warm-up", "garten"),
];
const states = (now: string) =>
  timetableOf(lineup, new Date(now), party).map((floor) => [
    floor.name,
    floor.sets.map((entry) => `${entry.artist.name}:${entry.state ?? "-"}`),
  ]);

describe("the timetable by the clock", () => {
  it("marks the running set and the next one on each floor (Saturday 01:30)", () => {
    expect(states("2026-11-21T00:30:00Z")).toEqual([
      ["Main", ["Nachteule:-", "Ellen:now", "Motte:next"]],
      ["Garten", ["Bass:next", "Warm-up:-"]],
    ]);
  });

  it("lets a set without an end run until the next set or the party's end", () => {
    expect(states("2026-11-21T06:59:00Z")[0]![1]).toEqual(["Nachteule:-", "Ellen:-", "Motte:now"]);
  });

  it("marks nothing before the party or after it", () => {
    expect(states("2026-11-20T21:00:00Z").flatMap(([, sets]) => sets)).not.toContainEqual(
      expect.stringMatching(/:(now|next)$/),
    );
    expect(states("2026-11-21T07:00:00Z").flatMap(([, sets]) => sets)).not.toContainEqual(
      expect.stringMatching(/:(now|next)$/),
    );
  });

  it("writes the line-up as plain text per floor", () => {
    expect(lineupText(lineup, "Europe/Berlin")).toBe(
      "Line-up\n\nMain:\n23:00–01:00 Nachteule\n01:00–03:00 Ellen\nab 03:00 Motte\n\nGarten:\nab 02:00 Bass\nWarm-up",
    );
  });
});
