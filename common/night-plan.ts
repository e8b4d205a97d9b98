import { formatTime, partyNightOf } from "./dates.ts";
import type { MapPlace } from "./directions.ts";
import type { PlannedSet } from "./schemas/night-plan.ts";

/**
 * The Nachtplan's rules (decision 0223), the same in the browser (offline, from the stored plan)
 * and on the server (a shared link): sets in time order per party night, clashes, the walk
 * between two places and sets the organiser moved since they were picked.
 */

/** Streets are not straight: the straight line between two clubs times this. */
export const DETOUR_FACTOR = 1.3;
/** An unhurried walk at night, in km/h. */
export const WALKING_SPEED_KMH = 4.5;
/** A set without an end counts as this long for clashes and the walk after it. */
export const OPEN_SET_MINUTES = 60;

const EARTH_RADIUS_KM = 6371.0088;
const MINUTE_MS = 60_000;

/** The times a set was picked with (the stored plan, a shared link). */
export interface PickedTimes {
  id: number;
  start: string;
  end: string | null;
}

type Point = { lat: number; lng: number };

const pointOf = (place: MapPlace | null): Point | null =>
  place && place.lat !== null && place.lng !== null ? { lat: place.lat, lng: place.lng } : null;

/** The great-circle (haversine) distance in km. */
export function distanceKm(from: Point, to: Point): number {
  const radians = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = radians(to.lat - from.lat);
  const dLng = radians(to.lng - from.lng);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(from.lat)) * Math.cos(radians(to.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** How to get from one set's place to the next one's. */
export type Walk =
  | { kind: "same-place" }
  /** The way on foot: streets (the straight line × `DETOUR_FACTOR`) in km, whole minutes. */
  | { kind: "walk"; km: number; minutes: number }
  /** Another place, but one of the two has no coordinates. */
  | { kind: "unknown" };

const samePlace = (a: MapPlace, b: MapPlace) =>
  a.lat === b.lat && a.lng === b.lng && a.name === b.name && a.address === b.address;

export function walkBetween(from: MapPlace | null, to: MapPlace | null): Walk {
  if (from && to && samePlace(from, to)) return { kind: "same-place" };
  const a = pointOf(from);
  const b = pointOf(to);
  if (!a || !b) return { kind: "unknown" };
  const km = distanceKm(a, b) * DETOUR_FACTOR;
  return { kind: "walk", km, minutes: Math.max(1, Math.ceil((km / WALKING_SPEED_KMH) * 60)) };
}

/** When a set ends for the plan: its end, or `OPEN_SET_MINUTES` after its start. */
export function planEndOf(set: { start: string; end: string | null }): Date {
  const start = new Date(set.start);
  const end = set.end ? new Date(set.end) : null;
  return end && end > start ? end : new Date(start.getTime() + OPEN_SET_MINUTES * MINUTE_MS);
}

/** The ids of sets that overlap another set of the plan (touching ends do not clash). */
export function clashingIds(
  sets: { id: number; start: string; end: string | null }[],
): Set<number> {
  const clashing = new Set<number>();
  const sorted = [...sets].sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
  for (const [index, set] of sorted.entries()) {
    const end = planEndOf(set).getTime();
    for (const later of sorted.slice(index + 1)) {
      if (Date.parse(later.start) >= end) break;
      clashing.add(set.id);
      clashing.add(later.id);
    }
  }
  return clashing;
}

/** A set of the plan as it is now, with the times it was picked with. */
export interface PlanEntry {
  set: PlannedSet;
  picked: { start: string; end: string | null };
  /** The organiser moved the set since it was picked. */
  moved: boolean;
}

const sameInstant = (a: string | null, b: string | null) =>
  a === null || b === null ? a === b : Date.parse(a) === Date.parse(b);

/**
 * The picked sets against the line-ups as they are now (`current`, by set id): each set found
 * takes its current times and party, marked moved when its times differ from the picked ones;
 * `gone` are the picks whose set is no longer there (taken out of the line-up, its party hidden
 * or deleted).
 */
export function reconcilePlan<T extends PickedTimes>(
  picks: T[],
  current: Map<number, PlannedSet>,
): { entries: PlanEntry[]; gone: T[] } {
  const entries: PlanEntry[] = [];
  const gone: T[] = [];
  for (const pick of picks) {
    const set = current.get(pick.id);
    if (!set) {
      gone.push(pick);
      continue;
    }
    entries.push({
      set,
      picked: { start: pick.start, end: pick.end },
      moved: !sameInstant(set.start, pick.start) || !sameInstant(set.end, pick.end),
    });
  }
  return { entries, gone };
}

/** One set in the plan of its night. */
export interface PlanStep extends PlanEntry {
  clash: boolean;
  /** The way from the previous set's place; null for the night's first set. */
  walk: Walk | null;
  /** The walk takes longer than the time between the previous set's end and this set's start. */
  tight: boolean;
}

export interface PlanNight {
  /** The party night, "YYYY-MM-DD" (06:00–06:00). */
  night: string;
  steps: PlanStep[];
}

/** The plan per party night, nights and sets in time order. */
export function planNights(entries: PlanEntry[], timeZone: string): PlanNight[] {
  const byNight = new Map<string, PlanEntry[]>();
  for (const entry of entries) {
    const night = partyNightOf(new Date(entry.set.start), timeZone);
    byNight.set(night, [...(byNight.get(night) ?? []), entry]);
  }
  return [...byNight.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([night, list]) => {
      const sorted = [...list].sort(
        (a, b) => Date.parse(a.set.start) - Date.parse(b.set.start) || a.set.id - b.set.id,
      );
      const clashes = clashingIds(sorted.map((entry) => entry.set));
      return {
        night,
        steps: sorted.map((entry, index): PlanStep => {
          const previous = index > 0 ? sorted[index - 1]!.set : null;
          const walk = previous ? walkBetween(previous.place, entry.set.place) : null;
          const gapMinutes = previous
            ? (Date.parse(entry.set.start) - planEndOf(previous).getTime()) / MINUTE_MS
            : 0;
          return {
            ...entry,
            clash: clashes.has(entry.set.id),
            walk,
            tight: walk?.kind === "walk" && !clashes.has(entry.set.id) && walk.minutes > gapMinutes,
          };
        }),
      };
    });
}

/** A set's times as "23:00–01:00", or "ab 02:00" without an end. */
export function setTimesText(set: { start: string; end: string | null }, timeZone: string): string {
  const start = formatTime(new Date(set.start), timeZone);
  return set.end ? `${start}–${formatTime(new Date(set.end), timeZone)}` : `ab ${start}`;
}

/** The walk in words: "ca. 12 Min. zu Fuß (0,9 km)". */
export function walkText(walk: Extract<Walk, { kind: "walk" }>): string {
  const km = walk.km.toLocaleString("de-DE", { maximumFractionDigits: 1 });
  return `ca. ${walk.minutes} Min. zu Fuß (${km} km)`;
}
