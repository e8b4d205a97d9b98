import { describe, expect, it } from "vitest";
import { decodePlanSets, encodePlanSets, sharedPlanPath } from "./night-plan-link.ts";

const picks = [
  { id: 4711, start: "2026-11-27T23:00:00.000Z", end: "2026-11-28T00:30:00.000Z" },
  { id: 12, start: "2026-11-28T02:00:00.000Z", end: null },
];

describe("a shared plan's link", () => {
  it("carries ids and picked times compactly and reads them back", () => {
    const text = encodePlanSets(picks);
    expect(text).toMatch(/^4711\.[0-9a-z]+\.2i,12\.[0-9a-z]+\.$/);
    expect(sharedPlanPath(picks)).toBe(`/nachtplan?sets=${text}`);
    expect(decodePlanSets(text)).toEqual({ picks, unreadable: 0 });
  });

  it("counts parts that are no set and keeps each set once", () => {
    const text = `${encodePlanSets(picks)},0.abc.,x,4711.zz.,12.<script>.,99999999999.1.`;
    // "4711.zz." names a set already read: left out, but not unreadable.
    expect(decodePlanSets(text)).toEqual({ picks, unreadable: 4 });
    expect(decodePlanSets("")).toEqual({ picks: [], unreadable: 0 });
  });
});
