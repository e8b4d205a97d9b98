import { addDays, formatNight, weekendNightsFrom } from "./dates.ts";

/**
 * How the listing names a party night relative to tonight: "Heute", "Morgen", "Wochenende"
 * (the nights of `weekendNightsFrom` that are neither, when two are left), or nothing. A lone
 * Sunday after "Heute" and "Morgen" (tonight a Friday) is no "Wochenende" but its date
 * (decision 0215).
 */
export function nightLabel(
  night: string,
  tonight: string,
): "Heute" | "Morgen" | "Wochenende" | null {
  if (night === tonight) return "Heute";
  const tomorrow = addDays(tonight, 1);
  if (night === tomorrow) return "Morgen";
  const rest = weekendNightsFrom(tonight).filter((weekend) => weekend > tomorrow);
  return rest.length > 1 && rest.includes(night) ? "Wochenende" : null;
}

/**
 * The first of the listed nights that belongs to the weekend: the target of "#wochenende" (the
 * app's "Wochenende" shortcut and the "schau aufs Wochenende" hint), or null when none is listed.
 */
export function firstWeekendNight(nights: readonly string[], tonight: string): string | null {
  const weekend = weekendNightsFrom(tonight);
  return nights.find((night) => weekend.includes(night)) ?? null;
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
