import { PARTY_NIGHT_START_HOUR } from "./constants.ts";

/**
 * Time helpers. Instants are `Date`s (UTC); calendar days are ISO strings "YYYY-MM-DD";
 * wall-clock values belong to an explicit IANA time zone (Europe/Berlin by default).
 */

const DEFAULT_TIME_ZONE = "Europe/Berlin";

export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const partsFormatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = partsFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    partsFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Readings already made, per time zone and instant (ms); cleared when this many are held. */
const wallClocks = new Map<string, Map<number, WallClock>>();
const WALL_CLOCKS_HELD = 10_000;

function readWallClock(instant: Date, timeZone: string): WallClock {
  const parts: Record<string, number> = {};
  for (const part of partsFormatter(timeZone).formatToParts(instant)) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
  };
}

/**
 * The wall-clock reading of an instant in a time zone. `formatToParts` is slow and a page asks
 * for the same few instants again and again (each card's start, its night, its time), so each
 * reading is kept (decision 0207).
 */
export function toWallClock(instant: Date, timeZone = DEFAULT_TIME_ZONE): WallClock {
  let readings = wallClocks.get(timeZone);
  if (!readings) {
    readings = new Map();
    wallClocks.set(timeZone, readings);
  }
  const time = instant.getTime();
  let reading = readings.get(time);
  if (!reading) {
    reading = readWallClock(instant, timeZone);
    if (readings.size >= WALL_CLOCKS_HELD) readings.clear();
    readings.set(time, reading);
  }
  return { ...reading };
}

function wallClockAsUtcMs(clock: WallClock): number {
  return Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute);
}

/** The zone's offset from UTC in minutes at an instant (+60 in CET, +120 in CEST). */
function offsetMinutes(instant: Date, timeZone = DEFAULT_TIME_ZONE): number {
  const wall = toWallClock(instant, timeZone);
  const flooredToMinute = Math.floor(instant.getTime() / 60_000) * 60_000;
  return Math.round((wallClockAsUtcMs(wall) - flooredToMinute) / 60_000);
}

/**
 * The instant a wall-clock time names in a zone. A time skipped by the spring change (02:30)
 * moves forward by the gap; a time that occurs twice in autumn takes the first (summer) one.
 */
export function fromWallClock(clock: WallClock, timeZone = DEFAULT_TIME_ZONE): Date {
  const asUtc = wallClockAsUtcMs(clock);
  const offsetBefore = offsetMinutes(new Date(asUtc - 24 * 3_600_000), timeZone);
  const offsetAfter = offsetMinutes(new Date(asUtc + 24 * 3_600_000), timeZone);
  for (const offset of [Math.max(offsetBefore, offsetAfter), Math.min(offsetBefore, offsetAfter)]) {
    const candidate = new Date(asUtc - offset * 60_000);
    if (wallClockAsUtcMs(toWallClock(candidate, timeZone)) === asUtc) return candidate;
  }
  // Skipped by a forward change: the same wall clock read with the earlier offset.
  return new Date(asUtc - Math.min(offsetBefore, offsetAfter) * 60_000);
}

export function isIsoDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

function isoDayOf(clock: Pick<WallClock, "year" | "month" | "day">): string {
  return new Date(Date.UTC(clock.year, clock.month - 1, clock.day)).toISOString().slice(0, 10);
}

/** Whether the runtime knows an IANA time zone by this name. */
export function isKnownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("de-DE", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The calendar day, "YYYY-MM-DD", an instant falls on in a time zone. */
export function calendarDayOf(instant: Date, timeZone = DEFAULT_TIME_ZONE): string {
  return isoDayOf(toWallClock(instant, timeZone));
}

export function addDays(isoDay: string, days: number): string {
  const date = new Date(`${isoDay}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** 0 = Sunday … 6 = Saturday. */
export function weekdayOf(isoDay: string): number {
  return new Date(`${isoDay}T00:00:00Z`).getUTCDay();
}

/**
 * The party night an instant belongs to, named by the calendar day it starts on.
 * A night runs 06:00–06:00, so Saturday 02:00 still belongs to Friday's night.
 */
export function partyNightOf(instant: Date, timeZone = DEFAULT_TIME_ZONE): string {
  const day = calendarDayOf(instant, timeZone);
  return toWallClock(instant, timeZone).hour < PARTY_NIGHT_START_HOUR ? addDays(day, -1) : day;
}

/** The instants a party night spans: [start, end). */
export function partyNightBounds(
  night: string,
  timeZone = DEFAULT_TIME_ZONE,
): { start: Date; end: Date } {
  const [year, month, day] = night.split("-").map(Number) as [number, number, number];
  const next = addDays(night, 1).split("-").map(Number) as [number, number, number];
  return {
    start: fromWallClock({ year, month, day, hour: PARTY_NIGHT_START_HOUR, minute: 0 }, timeZone),
    end: fromWallClock(
      { year: next[0], month: next[1], day: next[2], hour: PARTY_NIGHT_START_HOUR, minute: 0 },
      timeZone,
    ),
  };
}

/** When the night a party starts in is over: 06:00 after it (where a top event ends). */
export function partyNightEnd(partyStartsAt: Date, timeZone = DEFAULT_TIME_ZONE): Date {
  return partyNightBounds(partyNightOf(partyStartsAt, timeZone), timeZone).end;
}

/**
 * The nights "Wochenende" means (decision 0120): from tonight to Sunday when tonight is a Friday
 * or Saturday night, else (Sunday to Thursday) the coming Friday–Sunday. On a Sunday evening the
 * weekend is the next one: Sunday's night is "Heute" already.
 */
export function weekendNights(now: Date, timeZone = DEFAULT_TIME_ZONE): string[] {
  return weekendNightsFrom(partyNightOf(now, timeZone));
}

/** The weekend nights seen from tonight's night ("YYYY-MM-DD"), as `weekendNights`. */
export function weekendNightsFrom(tonight: string): string[] {
  const weekday = weekdayOf(tonight);
  const friday = addDays(tonight, weekday === 6 ? -1 : (5 - weekday + 7) % 7);
  return [friday, addDays(friday, 1), addDays(friday, 2)].filter((night) => night >= tonight);
}

const dayLabelFormatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(key: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  let formatter = dayLabelFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("de-DE", options);
    dayLabelFormatters.set(key, formatter);
  }
  return formatter;
}

/** "Fr., 21.11." for a night. */
export function formatNight(night: string): string {
  return formatterFor("night", {
    timeZone: "UTC",
    weekday: "short",
    day: "2-digit",
    month: "2-digit",
  }).format(new Date(`${night}T12:00:00Z`));
}

/** "23:00" (German 24-hour time, from the kept wall-clock reading). */
export function formatTime(instant: Date, timeZone = DEFAULT_TIME_ZONE): string {
  const { hour, minute } = toWallClock(instant, timeZone);
  return `${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}`;
}

/**
 * "Sa., 28.11." — the calendar day an instant falls on in the city, not its party night: a party
 * starting Saturday 00:00 belongs to Friday's night but starts on Saturday.
 */
export function formatDay(instant: Date, timeZone = DEFAULT_TIME_ZONE): string {
  return formatterFor(`day-short:${timeZone}`, {
    timeZone,
    weekday: "short",
    day: "2-digit",
    month: "2-digit",
  }).format(instant);
}

/** "Sa., 28.11., 00:00 Uhr": a start printed on its own, with its real calendar day. */
export function formatDayTime(instant: Date, timeZone = DEFAULT_TIME_ZONE): string {
  return `${formatDay(instant, timeZone)}, ${formatTime(instant, timeZone)} Uhr`;
}

/** "Sa., 22.11.2026, 23:00 Uhr" */
export function formatDateTime(instant: Date, timeZone = DEFAULT_TIME_ZONE): string {
  const day = formatterFor(`day:${timeZone}`, {
    timeZone,
    weekday: "short",
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
  }).format(instant);
  return `${day}, ${formatTime(instant, timeZone)} Uhr`;
}

/** ISO 8601 with the zone's offset, e.g. "2026-11-21T23:00:00+01:00" (for schema.org). */
export function toZonedIso(instant: Date, timeZone = DEFAULT_TIME_ZONE): string {
  const wall = toWallClock(instant, timeZone);
  const offset = offsetMinutes(instant, timeZone);
  const sign = offset >= 0 ? "+" : "-";
  const abs = Math.abs(offset);
  const pad = (value: number) => String(value).padStart(2, "0");
  return (
    `${isoDayOf(wall)}T${pad(wall.hour)}:${pad(wall.minute)}:${pad(instant.getUTCSeconds())}` +
    `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`
  );
}
