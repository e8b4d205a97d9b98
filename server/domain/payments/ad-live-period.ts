import { AD_DURATIONS } from "#common/constants.ts";
import { fromWallClock, toWallClock } from "#common/dates.ts";

/**
 * The period an ad runs once it goes live at `liveAt` (paid without approval, or approved;
 * decision 0211): the booked one when its start day has not begun yet; else the booked number
 * of weeks from `liveAt` on, so an ad never runs before it goes live and never shorter than paid.
 * The weeks are counted on the city's wall clock (a clock change keeps the hour).
 */
export function adLivePeriod(
  ad: { startsAt: Date | null; endsAt: Date | null; durationId: number },
  liveAt: Date,
  timeZone: string,
): { startsAt: Date; endsAt: Date } {
  if (ad.startsAt && ad.endsAt && ad.startsAt >= liveAt) {
    return { startsAt: ad.startsAt, endsAt: ad.endsAt };
  }
  const weeks = AD_DURATIONS.find((duration) => duration.id === ad.durationId)?.weeks ?? 1;
  const wall = toWallClock(liveAt, timeZone);
  return {
    startsAt: liveAt,
    endsAt: fromWallClock({ ...wall, day: wall.day + weeks * 7 }, timeZone),
  };
}
