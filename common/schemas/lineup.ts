import { parseDateTimeInput, toDateTimeInput } from "#common/date-time-input.ts";
import { addDays, calendarDayOf, fromWallClock } from "#common/dates.ts";
import { messages } from "#common/messages.ts";
import { z } from "./german-errors.ts";
import { text } from "./text.ts";

/**
 * A party's line-up as the event form, the API (`lineup` of POST /api/events/) and the domain take
 * it: artist, floor and optional set times, in running order (decision 0140).
 */

export const LINEUP_MAX_ENTRIES = 100;
export const ARTIST_NAME_MAX = 100;
export const FLOOR_NAME_MAX = 60;
/** Without an end, a party's sets must lie within this many hours after its start. */
const OPEN_END_HOURS = 24;

export const lineupMessages = {
  tooMany: `Höchstens ${LINEUP_MAX_ENTRIES} Einträge im Line-up.`,
  invalidTime: (entry: string) =>
    `${entry}: Ungültige Zeit. Gib „23:00“ oder Datum und Uhrzeit an.`,
  endWithoutStart: (entry: string) => `${entry}: Gib zum Ende auch den Beginn an.`,
  endBeforeStart: (entry: string) => `${entry}: Das Set muss nach seinem Beginn enden.`,
  outsideParty: (entry: string) => `${entry}: Das Set liegt außerhalb der Party.`,
  overlap: (entry: string, other: string, floor: string) =>
    `${entry}: Überschneidet sich mit ${other}${floor ? ` auf „${floor}“` : ""}.`,
} as const;

/** One set as the form holds it; `start`/`end` are "23:00", "2026-11-21T23:00" or an ISO instant. */
export const lineupEntryFields = z.object({
  artist: text()
    .trim()
    .min(1, messages.required)
    .max(ARTIST_NAME_MAX, messages.tooLong(ARTIST_NAME_MAX)),
  floor: text().trim().max(FLOOR_NAME_MAX, messages.tooLong(FLOOR_NAME_MAX)).default(""),
  start: text().trim().max(40, messages.invalidDate).default(""),
  end: text().trim().max(40, messages.invalidDate).default(""),
});

export type LineupEntryState = z.input<typeof lineupEntryFields>;

export const lineupField = z
  .array(lineupEntryFields)
  .max(LINEUP_MAX_ENTRIES, lineupMessages.tooMany)
  .default([]);

export interface LineupEntryInput {
  artistName: string;
  floor: string;
  startsAt: Date | null;
  endsAt: Date | null;
}

export interface PartyTimes {
  startsAt: Date;
  endsAt: Date | null;
}

const timeOfDayPattern = /^(\d{1,2})[:.](\d{2})$/;

/**
 * A set time: "HH:MM" is the first such city time at or after the party's start (so "02:00" of a
 * party starting at 23:00 is the next morning); else a full date-time as the event form takes it.
 */
export function parseSetTime(value: string, party: PartyTimes, timeZone: string): Date | null {
  const time = timeOfDayPattern.exec(value);
  if (!time) return parseDateTimeInput(value, timeZone);
  const hour = Number(time[1]);
  const minute = Number(time[2]);
  if (hour > 23 || minute > 59) return null;
  const startDay = calendarDayOf(party.startsAt, timeZone);
  const onDay = (isoDay: string) => {
    const [year, month, day] = isoDay.split("-").map(Number) as [number, number, number];
    return fromWallClock({ year, month, day, hour, minute }, timeZone);
  };
  const sameDay = onDay(startDay);
  return sameDay >= party.startsAt ? sameDay : onDay(addDays(startDay, 1));
}

/** A set time as the form shows it again: the time of day when that reads back the same. */
export function setTimeInput(instant: Date | null, party: PartyTimes, timeZone: string): string {
  if (instant === null) return "";
  const full = toDateTimeInput(instant, timeZone);
  const time = full.slice(11);
  return parseSetTime(time, party, timeZone)?.getTime() === instant.getTime() ? time : full;
}

const entryName = (index: number, artist: string) => `Eintrag ${index + 1} (${artist})`;
const floorKey = (floor: string) => floor.trim().toLocaleLowerCase("de-DE");

export interface LineupIssue {
  index: number;
  message: string;
}

/**
 * The rules between sets and the party: readable times, an end after its start, inside the
 * party, no two sets at once on one floor. Answers the entries with instants, or the issues.
 */
export function checkLineup(
  entries: z.output<typeof lineupField>,
  party: PartyTimes,
  timeZone: string,
): { entries: LineupEntryInput[]; issues: LineupIssue[] } {
  const issues: LineupIssue[] = [];
  const partyEnd = party.endsAt ?? new Date(party.startsAt.getTime() + OPEN_END_HOURS * 3_600_000);
  const parsed = entries.map((entry, index): LineupEntryInput => {
    const name = entryName(index, entry.artist);
    const startsAt = entry.start === "" ? null : parseSetTime(entry.start, party, timeZone);
    const endsAt = entry.end === "" ? null : parseSetTime(entry.end, party, timeZone);
    if ((entry.start !== "" && !startsAt) || (entry.end !== "" && !endsAt)) {
      issues.push({ index, message: lineupMessages.invalidTime(name) });
    } else if (endsAt && !startsAt) {
      issues.push({ index, message: lineupMessages.endWithoutStart(name) });
    } else if (startsAt && endsAt && endsAt <= startsAt) {
      issues.push({ index, message: lineupMessages.endBeforeStart(name) });
    } else if (
      (startsAt && (startsAt < party.startsAt || startsAt >= partyEnd)) ||
      (endsAt && endsAt > partyEnd)
    ) {
      issues.push({ index, message: lineupMessages.outsideParty(name) });
    }
    return { artistName: entry.artist, floor: entry.floor, startsAt, endsAt };
  });
  if (issues.length > 0) return { entries: parsed, issues };
  parsed.forEach((entry, index) => {
    if (!entry.startsAt || !entry.endsAt) return;
    const earlier = parsed.findIndex(
      (other, otherIndex) =>
        otherIndex < index &&
        other.startsAt !== null &&
        other.endsAt !== null &&
        floorKey(other.floor) === floorKey(entry.floor) &&
        other.startsAt < entry.endsAt! &&
        entry.startsAt! < other.endsAt,
    );
    if (earlier === -1) return;
    issues.push({
      index,
      message: lineupMessages.overlap(
        entryName(index, entry.artistName),
        entryName(earlier, parsed[earlier]!.artistName),
        entry.floor,
      ),
    });
  });
  return { entries: parsed, issues };
}

/** "Quick entry": one artist per line, all on one floor, without set times. */
export function quickLineupEntries(lines: string, floor: string): LineupEntryState[] {
  return lines
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "")
    .map((artist) => ({ artist, floor: floor.trim(), start: "", end: "" }));
}
