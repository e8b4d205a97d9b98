import { and, eq, inArray } from "drizzle-orm";
import { events, topEventCounts } from "#server/db/schema/events.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { cityDayOf } from "#server/domain/kernel/city-day.server.ts";
import { NotFoundError } from "#server/domain/errors.ts";
import { publicStatuses } from "#server/domain/event-query/event-query-kit.server.ts";
import { isAutomated, visitorDayHash, type Visitor } from "#server/domain/visits/visitor.server.ts";

export type TopEventCountKind = (typeof topEventCounts.kind.enumValues)[number];

/**
 * Counts that a visitor saw a top event's card in a listing (`impression`) or followed it to
 * the party page (`click`): once per visitor, day and kind, never for bots, and only while the
 * event is top (a cached page may still show the mark after the period ended: not counted).
 * Returns whether this one was counted.
 */
export async function recordTopEventCount(
  deps: DomainDeps,
  eventId: number,
  kind: TopEventCountKind,
  visitor: Visitor,
): Promise<boolean> {
  const [event] = await deps.db
    .select({ topUntil: events.topUntil })
    .from(events)
    .where(and(eq(events.id, eventId), inArray(events.status, [...publicStatuses])));
  if (!event) throw new NotFoundError("Diese Party gibt es nicht.");
  if (!event.topUntil || event.topUntil <= deps.now() || isAutomated(visitor)) return false;
  const day = cityDayOf(deps);
  const inserted = await deps.db
    .insert(topEventCounts)
    .values({ eventId, kind, day, visitorHash: visitorDayHash(deps, visitor, day) })
    .onConflictDoNothing()
    .returning({ id: topEventCounts.id });
  return inserted.length > 0;
}
