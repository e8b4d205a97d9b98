import { desc, eq } from "drizzle-orm";
import type { MonthWeek, RepeatFrequency, SeriesRule } from "#common/series-rule.ts";
import { events, eventSeries } from "#server/db/schema/events.ts";
import { recordAudit } from "#server/domain/audit/audit-log.server.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { NotFoundError, NotYoursError } from "#server/domain/errors.ts";
import { mayActOn } from "#server/domain/events/event-ownership.server.ts";
import type { Actor } from "#server/domain/kernel/actor.ts";

export type SeriesRow = typeof eventSeries.$inferSelect;

/** The stored rule as the date rules take it. */
export function ruleOf(series: SeriesRow): SeriesRule {
  return {
    frequency: series.frequency as RepeatFrequency,
    monthWeek: series.monthWeek as MonthWeek | null,
    anchorDay: series.anchorDay,
    untilDay: series.untilDay,
  };
}

/**
 * The series, if the actor may change it: whoever may act on its latest party (the party's team,
 * decision 0232, or an admin), or, with no party left, its creator (a refusal is audited).
 */
export async function loadManagedSeries(
  deps: DomainDeps,
  actor: Actor,
  seriesId: number,
  attempted: string,
): Promise<SeriesRow> {
  const [series] = await deps.db.select().from(eventSeries).where(eq(eventSeries.id, seriesId));
  if (!series) throw new NotFoundError("Diese Serie gibt es nicht.");
  const [latest] = await deps.db
    .select({ id: events.id })
    .from(events)
    .where(eq(events.seriesId, seriesId))
    .orderBy(desc(events.startsAt))
    .limit(1);
  const allowed = latest
    ? await mayActOn(deps, actor, latest.id)
    : actor.role === "admin" || series.createdById === actor.id;
  if (!allowed) {
    await recordAudit(deps, {
      actorUserId: actor.id,
      action: `series.${attempted}.denied`,
      entityType: "series",
      entityId: seriesId,
      details: { ownerId: series.createdById },
      ip: actor.ip ?? null,
    });
    throw new NotYoursError("Das ist nicht Deine Serie.");
  }
  return series;
}
