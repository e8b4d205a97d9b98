import { eq } from "drizzle-orm";
import { events } from "#server/db/schema/events.ts";
import { recordAudit } from "#server/domain/audit/audit-log.server.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { NotFoundError, NotYoursError } from "#server/domain/errors.ts";
import type { Actor } from "#server/domain/kernel/actor.ts";

export type EventRow = typeof events.$inferSelect;

const notYourEventMessage = "Das ist nicht Deine Party.";
const unknownEventMessage = "Diese Party gibt es nicht.";

function canManageEvent(actor: Actor, event: Pick<EventRow, "createdById">): boolean {
  return actor.role === "admin" || event.createdById === actor.id;
}

/**
 * The event, if the actor may see and change it: its creator or an admin. Every refusal is
 * written to the audit log with what was attempted; someone else's draft is "not found" (404),
 * someone else's public party "not yours" (403).
 */
export async function loadManagedEvent(
  deps: DomainDeps,
  actor: Actor,
  eventId: number,
  attempted: string,
): Promise<EventRow> {
  const [event] = await deps.db.select().from(events).where(eq(events.id, eventId));
  if (!event) throw new NotFoundError(unknownEventMessage);
  if (!canManageEvent(actor, event)) {
    await recordAudit(deps, {
      actorUserId: actor.id,
      action: `event.${attempted}.denied`,
      entityType: "event",
      entityId: eventId,
      details: { ownerId: event.createdById },
      ip: actor.ip ?? null,
    });
    // Someone else's draft is not public: it answers like an id that does not exist.
    if (event.status === "draft") throw new NotFoundError(unknownEventMessage);
    throw new NotYoursError(notYourEventMessage);
  }
  return event;
}
