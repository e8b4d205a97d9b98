import { isDatabaseId } from "./database-id.ts";
import { NIGHT_PLAN_LIMIT } from "./night-plan-limit.ts";
import type { PickedTimes } from "./night-plan.ts";
import { nightPlanCalendarPath, nightPlanPath } from "./urls.ts";

/**
 * A shared Nachtplan's address (decision 0223): `/nachtplan?sets=…`, one part per set, joined by
 * commas: the set's id, its start as minutes since 1970 in base 36 and its length in minutes in
 * base 36 (empty without an end) — `4711.ta9xy0.2i`. The link carries the times the owner
 * picked, so the friends' copy marks a set the organiser moved since.
 */

const MINUTE_MS = 60_000;
const part = /^([1-9]\d{0,9})\.([0-9a-z]{1,9})\.([0-9a-z]{0,4})$/;

export function encodePlanSets(sets: PickedTimes[]): string {
  return sets
    .map((set) => {
      const start = Math.round(Date.parse(set.start) / MINUTE_MS);
      const length = set.end ? Math.round(Date.parse(set.end) / MINUTE_MS) - start : null;
      const lengthText = length !== null && length > 0 ? length.toString(36) : "";
      return `${set.id}.${start.toString(36)}.${lengthText}`;
    })
    .join(",");
}

/** The shared plan's address. */
export const sharedPlanPath = (sets: PickedTimes[]) =>
  `${nightPlanPath}?sets=${encodePlanSets(sets)}`;

/** The plan's sets as a calendar file, with their current times. */
export const planCalendarPath = (sets: PickedTimes[]) =>
  `${nightPlanCalendarPath}?sets=${encodePlanSets(sets)}`;

/**
 * The picks a link names, each set once, at most `NIGHT_PLAN_LIMIT`; `unreadable` counts the
 * parts that are no set (cut off or made up), so the page can say that something is gone.
 */
export function decodePlanSets(text: string): { picks: PickedTimes[]; unreadable: number } {
  const picks: PickedTimes[] = [];
  let unreadable = 0;
  const parts = text.split(",").filter((value) => value !== "");
  for (const value of parts.slice(0, NIGHT_PLAN_LIMIT * 2)) {
    const match = part.exec(value);
    const id = match ? Number(match[1]) : NaN;
    const startMinutes = match ? parseInt(match[2]!, 36) : NaN;
    const startMs = startMinutes * MINUTE_MS;
    if (!match || !isDatabaseId(id) || !Number.isSafeInteger(startMs) || startMs > 8.64e15) {
      unreadable += 1;
      continue;
    }
    if (picks.some((pick) => pick.id === id) || picks.length === NIGHT_PLAN_LIMIT) continue;
    const length = match[3] ? parseInt(match[3], 36) : null;
    picks.push({
      id,
      start: new Date(startMs).toISOString(),
      end: length ? new Date(startMs + length * MINUTE_MS).toISOString() : null,
    });
  }
  return { picks, unreadable: unreadable + Math.max(0, parts.length - NIGHT_PLAN_LIMIT * 2) };
}
