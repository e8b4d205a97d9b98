import { and, count, eq, inArray } from "drizzle-orm";
import { eventViews, events } from "#server/db/schema/events.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { cityDayOf } from "#server/domain/kernel/city-day.server.ts";
import { NotFoundError } from "#server/domain/errors.ts";
import { isAutomated, visitorDayHash, type Visitor } from "#server/domain/visits/visitor.server.ts";
import { publicStatuses } from "#server/domain/event-query/event-query-kit.server.ts";

/**
 * Counts a view of a public party: once per visitor and day, never for bots.
 * Returns whether this view was counted.
 */
export async function recordEventView(
  deps: DomainDeps,
  eventId: number,
  visitor: Visitor,
): Promise<boolean> {
  const [event] = await deps.db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.id, eventId), inArray(events.status, [...publicStatuses])));
  if (!event) throw new NotFoundError("Diese Party gibt es nicht.");
  if (isAutomated(visitor)) return false;
  const day = cityDayOf(deps);
  const inserted = await deps.db
    .insert(eventViews)
    .values({ eventId, day, visitorHash: visitorDayHash(deps, visitor, day) })
    .onConflictDoNothing()
    .returning({ id: eventViews.id });
  return inserted.length > 0;
}

/** How many visitor-days have seen a party. */
export async function countEventViews(deps: DomainDeps, eventId: number): Promise<number> {
  const [row] = await deps.db
    .select({ views: count() })
    .from(eventViews)
    .where(eq(eventViews.eventId, eventId));
  return row?.views ?? 0;
}
