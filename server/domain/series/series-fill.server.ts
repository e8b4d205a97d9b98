import { and, eq, lt } from "drizzle-orm";
import { parseDateTimeInput } from "#common/date-time-input.ts";
import { addDays } from "#common/dates.ts";
import { SERIES_WINDOW_DAYS, seriesDays } from "#common/series-rule.ts";
import { eventSeries } from "#server/db/schema/events.ts";
import { users } from "#server/db/schema/users.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import {
  ConflictError,
  NotFoundError,
  PermissionDeniedError,
  ValidationError,
} from "#server/domain/errors.ts";
import { createEvent } from "#server/domain/events/event-commands.server.ts";
import { cityDayOf } from "#server/domain/kernel/city-day.server.ts";
import { occurrenceInput } from "./series-template.ts";
import { ruleOf, type SeriesRow } from "./series-rows.server.ts";

export interface FillReport {
  created: number;
  /** Days the rules of a hand-made party refused (a likely duplicate, a club since removed …). */
  skipped: number;
}

/** The refusals of `createEvent` that skip one day; anything else is a fault and is thrown. */
const refusals = [ValidationError, ConflictError, NotFoundError, PermissionDeniedError];

async function fillOne(deps: DomainDeps, series: SeriesRow, through: string): Promise<FillReport> {
  const report: FillReport = { created: 0, skipped: 0 };
  const [owner] = await deps.db
    .select({ id: users.id, role: users.role, disabledAt: users.disabledAt })
    .from(users)
    .where(eq(users.id, series.createdById));
  // A disabled account's series waits: nothing is created in its name until it is enabled.
  if (!owner || owner.disabledAt !== null) return report;
  const timeZone = deps.config.city.timeZone;
  const now = deps.now();
  for (const day of seriesDays(ruleOf(series), addDays(series.filledThrough, 1), through)) {
    const input = occurrenceInput(series, day);
    const startsAt = parseDateTimeInput(String(input.start), timeZone);
    if (!startsAt || startsAt <= now) continue;
    // Claimed before it is created: a command's fill and the job never create a day twice.
    const [claimed] = await deps.db
      .update(eventSeries)
      .set({ filledThrough: day })
      .where(and(eq(eventSeries.id, series.id), lt(eventSeries.filledThrough, day)))
      .returning({ id: eventSeries.id });
    if (!claimed) continue;
    try {
      await createEvent(deps, { id: owner.id, role: owner.role }, input, {
        seriesId: series.id,
        seriesDay: day,
      });
      report.created += 1;
    } catch (error) {
      if (!refusals.some((kind) => error instanceof kind)) throw error;
      report.skipped += 1;
    }
  }
  await deps.db
    .update(eventSeries)
    .set({ filledThrough: through, updatedAt: now })
    .where(and(eq(eventSeries.id, series.id), lt(eventSeries.filledThrough, through)));
  return report;
}

/**
 * Creates the parties of the coming eight weeks that active series still lack: each through
 * `createEvent` in its organiser's name, so approval, duplicates and references work as for a
 * party typed in by hand. A series remembers the last day it was filled through, so a party
 * cancelled, moved or deleted is never created again, and a second run creates nothing.
 */
export async function fillSeries(deps: DomainDeps, onlySeriesId?: number): Promise<FillReport> {
  const through = addDays(cityDayOf(deps), SERIES_WINDOW_DAYS);
  const due = await deps.db
    .select()
    .from(eventSeries)
    .where(
      and(
        eq(eventSeries.state, "active"),
        lt(eventSeries.filledThrough, through),
        onlySeriesId === undefined ? undefined : eq(eventSeries.id, onlySeriesId),
      ),
    )
    .orderBy(eventSeries.id);
  const total: FillReport = { created: 0, skipped: 0 };
  for (const series of due) {
    const report = await fillOne(deps, series, through);
    total.created += report.created;
    total.skipped += report.skipped;
  }
  return total;
}
