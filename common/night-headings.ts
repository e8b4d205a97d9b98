import { addDays, formatNight, weekdayOf } from "./dates.ts";

/**
 * How the listing names a party night relative to tonight: "Heute", "Morgen", "Wochenende"
 * (the coming Friday–Sunday nights that are neither), or nothing.
 */
export function nightLabel(
  night: string,
  tonight: string,
): "Heute" | "Morgen" | "Wochenende" | null {
  if (night === tonight) return "Heute";
  if (night === addDays(tonight, 1)) return "Morgen";
  const weekday = weekdayOf(night);
  const isWeekendNight = weekday === 5 || weekday === 6 || weekday === 0;
  if (isWeekendNight && night > tonight && night <= addDays(tonight, daysToSunday(tonight))) {
    return "Wochenende";
  }
  return null;
}

function daysToSunday(night: string): number {
  return (7 - weekdayOf(night)) % 7;
}

/** "Heute · Fr., 21.11.", "Wochenende · Sa., 22.11." or just "Di., 25.11.". */
export function nightHeading(night: string, tonight: string): string {
  const label = nightLabel(night, tonight);
  return label ? `${label} · ${formatNight(night)}` : formatNight(night);
}

/** The next `count` nights from tonight, for the day strip. */
export function upcomingNights(tonight: string, count: number): string[] {
  return Array.from({ length: count }, (_, index) => addDays(tonight, index));
}
