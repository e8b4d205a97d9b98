import { fromWallClock, partyNightOf } from "#common/dates.ts";

/**
 * When a party's reminder is due (decision 0222): 15:00 in the city on the day its party night
 * begins — a party starting Saturday 01:00 belongs to Friday's night, so Friday 15:00 — or, for a
 * party starting before 17:00, two hours before its start. Due until the party starts.
 */

/** The hour (city time) of the afternoon on which reminders go out. */
export const REMINDER_HOUR = 15;
/** The least time between a reminder and its party's start. */
export const REMINDER_LEAD_MS = 2 * 3_600_000;

/** A reminder is looked for at most this long before its party starts. */
export const REMINDER_LOOK_AHEAD_MS = 26 * 3_600_000;

export function reminderDueAt(partyStartsAt: Date, timeZone: string): Date {
  const night = partyNightOf(partyStartsAt, timeZone);
  const [year, month, day] = night.split("-").map(Number) as [number, number, number];
  const afternoon = fromWallClock({ year, month, day, hour: REMINDER_HOUR, minute: 0 }, timeZone);
  const lead = new Date(partyStartsAt.getTime() - REMINDER_LEAD_MS);
  return afternoon < lead ? afternoon : lead;
}
