import { TOP_EVENT_MAX_WEEKS } from "#common/constants.ts";
import { addDays, partyNightEnd, partyNightOf } from "#common/dates.ts";

/**
 * The rules of what a top event covers and costs (decision 0210), without the database: a top
 * event runs from the payment until its party's night is over (06:00 after it, city time), and
 * costs the weekly price per seven party nights, for each night not yet covered.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** A party can be promoted from this many nights before its own on (4 weeks). */
export const PROMOTABLE_NIGHTS_AHEAD = TOP_EVENT_MAX_WEEKS * 7;

/** The nights from `first` to `last`, both counted ("2026-11-27" to "2026-12-05": 9). */
function nightsFromTo(first: string, last: string): number {
  return (
    Math.round((Date.parse(`${last}T00:00:00Z`) - Date.parse(`${first}T00:00:00Z`)) / DAY_MS) + 1
  );
}

/** The first night on which a party can be promoted: 4 weeks before its own night. */
export function firstPromotableNight(partyStartsAt: Date, timeZone: string): string {
  return addDays(partyNightOf(partyStartsAt, timeZone), 1 - PROMOTABLE_NIGHTS_AHEAD);
}

/** What a payment now buys: the period, the nights charged and the amount. */
export interface TopEventCover {
  /** Now, or where the paid period running now ends. */
  startsAt: Date;
  /** The end of the party's night. */
  endsAt: Date;
  nights: number;
  amountCents: number;
}

/**
 * "Top-Event bis zur Party": from now (or the end of a running period) to the end of the
 * party's night; each party night not yet covered costs a seventh of the weekly price, the sum
 * rounded to the cent. Null when the party's night is covered already.
 */
export function topEventCover(input: {
  partyStartsAt: Date;
  topUntil: Date | null;
  now: Date;
  pricePerWeekCents: number;
  timeZone: string;
}): TopEventCover | null {
  const { partyStartsAt, topUntil, now, pricePerWeekCents, timeZone } = input;
  const endsAt = partyNightEnd(partyStartsAt, timeZone);
  const startsAt = topUntil && topUntil > now ? topUntil : now;
  if (startsAt >= endsAt) return null;
  const nights = nightsFromTo(
    partyNightOf(startsAt, timeZone),
    partyNightOf(partyStartsAt, timeZone),
  );
  return { startsAt, endsAt, nights, amountCents: Math.round((pricePerWeekCents * nights) / 7) };
}

/**
 * What stays paid of an order when its period is cut at `cutAt`: the part of what is still
 * paid (`remainingCents`) that the time before the cut is worth, rounded to the cent. All of it
 * when the cut is at or after the end, nothing when it is at or before the start.
 */
export function keptCents(
  remainingCents: number,
  period: { startsAt: Date; endsAt: Date },
  cutAt: Date,
): number {
  if (cutAt <= period.startsAt) return 0;
  if (cutAt >= period.endsAt) return remainingCents;
  const used = cutAt.getTime() - period.startsAt.getTime();
  const whole = period.endsAt.getTime() - period.startsAt.getTime();
  return Math.round((remainingCents * used) / whole);
}
