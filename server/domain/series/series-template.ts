import { parseDateTimeInput } from "#common/date-time-input.ts";
import { addDays, calendarDayOf, toWallClock } from "#common/dates.ts";
import { eventFormFields } from "#common/schemas/event-form.ts";

/**
 * A series' template (decision 0230): the event form's values every new party of the series is
 * created from, and its times as wall-clock readings in the city (so a 23:00 party stays at 23:00
 * across the clock changes).
 */

export interface SeriesTiming {
  /** "23:00" on the party's day. */
  startTime: string;
  /** "06:00", `endDaysAfter` days after the party's day; null: open end. */
  endTime: string | null;
  endDaysAfter: number;
}

/** What belongs to one party or one save, not to the series. */
const perSaveFields = new Set([
  "start",
  "end",
  "repeat",
  "repeat_week",
  "repeat_until",
  "series_scope",
  "allow_duplicate",
  "publish_at",
]);

const setTimePattern = /^\d{1,2}:\d{2}$/;

function timeOfDay(instant: Date, timeZone: string): string {
  const wall = toWallClock(instant, timeZone);
  return `${String(wall.hour).padStart(2, "0")}:${String(wall.minute).padStart(2, "0")}`;
}

/** A set time as a time of day ("01:30"), which each party's night places on its own day. */
function setTimeOfDay(value: string, timeZone: string): string {
  if (value === "" || setTimePattern.test(value)) return value;
  const instant = parseDateTimeInput(value, timeZone);
  return instant ? timeOfDay(instant, timeZone) : value;
}

/** The days from one day to another (negative when earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The template and timing of a series from a checked form (`startsAt`/`endsAt` its times). */
export function templateOf(
  input: unknown,
  times: { startsAt: Date; endsAt: Date | null },
  timeZone: string,
): { template: Record<string, unknown>; timing: SeriesTiming } {
  const form = eventFormFields.parse(input);
  const template: Record<string, unknown> = Object.fromEntries(
    Object.entries(form).filter(([field]) => !perSaveFields.has(field)),
  );
  template.lineup = form.lineup.map((entry) => ({
    ...entry,
    start: setTimeOfDay(entry.start, timeZone),
    end: setTimeOfDay(entry.end, timeZone),
  }));
  const { startsAt, endsAt } = times;
  return {
    template,
    timing: {
      startTime: timeOfDay(startsAt, timeZone),
      endTime: endsAt === null ? null : timeOfDay(endsAt, timeZone),
      endDaysAfter:
        endsAt === null
          ? 0
          : daysBetween(calendarDayOf(startsAt, timeZone), calendarDayOf(endsAt, timeZone)),
    },
  };
}

/** The event form's values of the series' party on `day`. */
export function occurrenceInput(
  series: SeriesTiming & { template: Record<string, unknown> },
  day: string,
): Record<string, unknown> {
  return {
    ...series.template,
    start: `${day}T${series.startTime}`,
    end: series.endTime === null ? "" : `${addDays(day, series.endDaysAfter)}T${series.endTime}`,
    allow_duplicate: false,
  };
}
