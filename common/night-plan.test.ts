import { describe, expect, it } from "vitest";
import type { MapPlace } from "./directions.ts";
import type { PlannedSet } from "./schemas/night-plan.ts";
import {
  clashingIds,
  distanceKm,
  planNights,
  reconcilePlan,
  walkBetween,
  walkText,
} from "./night-plan.ts";

const place = (name: string, lat: number | null, lng: number | null): MapPlace => ({
  name,
  lat,
  lng,
  address: `${name}straße 1, 04109 Leipzig`,
  search: name,
});
const distillery = place("Distillery", 51.3225, 12.3745);
const conne = place("Conne Island", 51.3175, 12.3838);

const set = (
  id: number,
  start: string,
  end: string | null,
  where: MapPlace | null = distillery,
): PlannedSet => ({
  id,
  artist: `Act ${id}`,
  floor: "",
  start,
  end,
  party: { id: 1, title: "Party", path: "/party/party/1", cancelled: false },
  place: where,
});

describe("the walk between two places", () => {
  it("measures the straight line by haversine", () => {
    // Leipzig Hauptbahnhof to Berlin Hauptbahnhof: about 149 km as the crow flies.
    const km = distanceKm({ lat: 51.3455, lng: 12.3821 }, { lat: 52.5251, lng: 13.3694 });
    expect(km).toBeGreaterThan(147);
    expect(km).toBeLessThan(151);
  });

  it("walks the straight line × 1.3 at 4.5 km/h, in whole minutes", () => {
    const walk = walkBetween(distillery, conne);
    // 0.85 km straight → 1.11 km of streets → 14.8 minutes.
    expect(walk).toEqual({ kind: "walk", km: expect.closeTo(1.108, 3), minutes: 15 });
    expect(walkText(walk as Extract<typeof walk, { kind: "walk" }>)).toBe(
      "ca. 15 Min. zu Fuß (1,1 km)",
    );
  });

  it("needs no walk within one place, and knows none without coordinates", () => {
    expect(walkBetween(distillery, { ...distillery })).toEqual({ kind: "same-place" });
    expect(walkBetween(distillery, place("Irgendwo", null, null))).toEqual({ kind: "unknown" });
    expect(walkBetween(null, conne)).toEqual({ kind: "unknown" });
  });
});

describe("clashes", () => {
  it("marks overlapping sets, not sets that only touch", () => {
    const sets = [
      set(1, "2026-11-27T22:00:00Z", "2026-11-28T00:00:00Z"),
      set(2, "2026-11-28T00:00:00Z", "2026-11-28T01:00:00Z"),
      set(3, "2026-11-28T00:30:00Z", "2026-11-28T02:00:00Z"),
      set(4, "2026-11-28T03:00:00Z", null),
    ];
    expect([...clashingIds(sets)].sort()).toEqual([2, 3]);
  });

  it("counts a set without an end as one hour", () => {
    const sets = [set(1, "2026-11-28T00:00:00Z", null), set(2, "2026-11-28T00:59:00Z", null)];
    expect([...clashingIds(sets)].sort()).toEqual([1, 2]);
    expect(
      clashingIds([set(1, "2026-11-28T00:00:00Z", null), set(2, "2026-11-28T01:00:00Z", null)])
        .size,
    ).toBe(0);
  });
});

describe("the plan of a night", () => {
  it("orders the sets, marks the clash, the walk and a walk longer than the break", () => {
    const entries = [
      set(3, "2026-11-28T01:10:00Z", "2026-11-28T02:00:00Z", conne),
      set(1, "2026-11-27T22:00:00Z", "2026-11-27T23:30:00Z"),
      set(2, "2026-11-27T23:00:00Z", "2026-11-28T01:00:00Z"),
      set(4, "2026-11-28T22:00:00Z", null, conne),
    ].map((entry) => ({ set: entry, picked: entry, moved: false }));
    const nights = planNights(entries, "Europe/Berlin");
    expect(nights.map((night) => night.night)).toEqual(["2026-11-27", "2026-11-28"]);
    const steps = nights[0]!.steps;
    expect(steps.map((step) => [step.set.id, step.clash])).toEqual([
      [1, true],
      [2, true],
      [3, false],
    ]);
    expect(steps[0]!.walk).toBeNull();
    expect(steps[1]!.walk).toEqual({ kind: "same-place" });
    // 10 minutes between the sets, 15 on foot.
    expect(steps[2]!.walk).toMatchObject({ kind: "walk", minutes: 15 });
    expect(steps[2]!.tight).toBe(true);
    expect(nights[1]!.steps[0]!.walk).toBeNull();
  });
});

describe("moved and gone sets", () => {
  it("compares the picked times with the line-up's", () => {
    const now = new Map([
      [1, set(1, "2026-11-28T01:00:00Z", "2026-11-28T02:00:00Z")],
      [2, set(2, "2026-11-28T03:00:00Z", null)],
    ]);
    const picks = [
      { id: 1, start: "2026-11-28T00:00:00.000Z", end: "2026-11-28T01:00:00.000Z" },
      { id: 2, start: "2026-11-28T03:00:00.000Z", end: null },
      { id: 9, start: "2026-11-28T03:00:00.000Z", end: null },
    ];
    const { entries, gone } = reconcilePlan(picks, now);
    expect(entries.map((entry) => [entry.set.id, entry.moved])).toEqual([
      [1, true],
      [2, false],
    ]);
    expect(entries[0]!.picked.start).toBe("2026-11-28T00:00:00.000Z");
    expect(gone.map((pick) => pick.id)).toEqual([9]);
  });
});
