import { calendarDayOf } from "#common/dates.ts";
import type { DomainDeps } from "#server/domain/deps.ts";

/** The city's calendar day, "YYYY-MM-DD", of an instant (by default now): the one "today". */
export function cityDayOf(
  deps: Pick<DomainDeps, "config" | "now">,
  instant: Date = deps.now(),
): string {
  return calendarDayOf(instant, deps.config.city.timeZone);
}
