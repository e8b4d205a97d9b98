import { fromWallClock, toWallClock } from "./dates.ts";

/**
 * The event form's date-time values: "2026-11-21T23:00" (a wall-clock time in the city's zone,
 * as `<input type="datetime-local">` gives it) or, from API clients, an ISO instant with
 * offset ("2026-11-21T22:00:00Z").
 */
const wallClockPattern = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::00(?:\.0+)?)?$/;
const instantPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

export function parseDateTimeInput(value: string, timeZone: string): Date | null {
  const wall = wallClockPattern.exec(value);
  if (wall) {
    const [year, month, day, hour, minute] = wall.slice(1).map(Number) as [
      number,
      number,
      number,
      number,
      number,
    ];
    if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59) return null;
    const probe = new Date(Date.UTC(year, month - 1, day));
    if (probe.getUTCDate() !== day) return null;
    return fromWallClock({ year, month, day, hour, minute }, timeZone);
  }
  if (instantPattern.test(value)) {
    const instant = new Date(value);
    return Number.isNaN(instant.getTime()) ? null : instant;
  }
  return null;
}

/** An instant as the value of `<input type="datetime-local">` in the city's zone. */
export function toDateTimeInput(instant: Date, timeZone: string): string {
  const wall = toWallClock(instant, timeZone);
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${wall.year}-${pad(wall.month)}-${pad(wall.day)}T${pad(wall.hour)}:${pad(wall.minute)}`;
}
