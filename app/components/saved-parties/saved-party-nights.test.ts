import { describe, expect, it } from "vitest";
import type { SavedParty } from "#common/schemas/saved-parties.ts";
import { savedPartiesByNight } from "./saved-party-nights.ts";

const party = (id: number, start: string): SavedParty => ({
  id,
  title: `Party ${id}`,
  path: `/party/party-${id}/${id}`,
  start,
  end: null,
  place: null,
  address: null,
  cancelled: false,
});

describe("saved parties by night", () => {
  it("puts an after-midnight start into the night before and past nights apart, latest first", () => {
    const grouped = savedPartiesByNight(
      [
        party(1, "2026-11-21T02:00:00Z"), // Saturday 03:00: Friday's night
        party(2, "2026-11-20T22:00:00Z"),
        party(3, "2026-11-21T20:00:00Z"),
        party(4, "2026-11-18T20:00:00Z"),
        party(5, "2026-11-14T20:00:00Z"),
      ],
      "2026-11-20",
      "Europe/Berlin",
    );
    expect(grouped.upcoming).toEqual([
      {
        night: "2026-11-20",
        parties: [party(2, "2026-11-20T22:00:00Z"), party(1, "2026-11-21T02:00:00Z")],
      },
      { night: "2026-11-21", parties: [party(3, "2026-11-21T20:00:00Z")] },
    ]);
    expect(grouped.past.map((night) => night.night)).toEqual(["2026-11-18", "2026-11-14"]);
  });
});
