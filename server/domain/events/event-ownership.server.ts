import { and, eq, exists, inArray, notExists, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "#server/db/client.server.ts";
import { organizerMembers } from "#server/db/schema/catalog.ts";
import { eventOrganizers, events } from "#server/db/schema/events.ts";
import { recordAudit } from "#server/domain/audit/audit-log.server.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { NotFoundError, NotYoursError, PermissionDeniedError } from "#server/domain/errors.ts";
import type { Actor } from "#server/domain/kernel/actor.ts";

export type EventRow = typeof events.$inferSelect;

const notYourEventMessage = "Das ist nicht Deine Party.";
const unknownEventMessage = "Diese Party gibt es nicht.";
const ownersPromoteMessage =
  "Hervorheben können nur die Inhaber*innen des Veranstalter-Profils dieser Party.";

type TeamRole = (typeof organizerMembers.$inferSelect)["role"];

/**
 * The one rule of who works on a party (decision 0232), as a condition on `events`: a party
 * that names organiser profiles belongs to them — a member of one of them (with one of
 * `roles`) may act; a party without a profile belongs to its creator. Admins are let in by
 * `loadManagedEvent`, not here, so lists of "my" parties stay the user's own.
 */
export function eventsManagedBy(
  db: Database,
  userId: number,
  roles: readonly TeamRole[] = ["owner", "member"],
): SQL {
  const profiles = db
    .select({ one: sql`1` })
    .from(eventOrganizers)
    .where(eq(eventOrganizers.eventId, events.id));
  const teams = db
    .select({ one: sql`1` })
    .from(eventOrganizers)
    .innerJoin(organizerMembers, eq(organizerMembers.organizerId, eventOrganizers.organizerId))
    .where(
      and(
        eq(eventOrganizers.eventId, events.id),
        eq(organizerMembers.userId, userId),
        inArray(organizerMembers.role, [...roles]),
      ),
    );
  return or(and(eq(events.createdById, userId), notExists(profiles)), exists(teams))!;
}

/**
 * Whether the actor may work on the party (`eventsManagedBy`; admins always), or with
 * `["owner"]` spend money on it.
 */
export async function mayActOn(
  deps: DomainDeps,
  actor: Actor,
  eventId: number,
  roles?: readonly TeamRole[],
): Promise<boolean> {
  if (actor.role === "admin") return true;
  const [allowed] = await deps.db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.id, eventId), eventsManagedBy(deps.db, actor.id, roles)));
  return allowed !== undefined;
}

async function refuse(
  deps: DomainDeps,
  actor: Actor,
  event: EventRow,
  attempted: string,
): Promise<void> {
  await recordAudit(deps, {
    actorUserId: actor.id,
    action: `event.${attempted}.denied`,
    entityType: "event",
    entityId: event.id,
    details: { ownerId: event.createdById },
    ip: actor.ip ?? null,
  });
}

/**
 * The event, if the actor may see and change it: an admin, a member of one of its organiser
 * profiles' teams, or — for a party without a profile — its creator (`eventsManagedBy`). Every
 * refusal is written to the audit log with what was attempted; someone else's draft is "not
 * found" (404), someone else's public party "not yours" (403).
 */
export async function loadManagedEvent(
  deps: DomainDeps,
  actor: Actor,
  eventId: number,
  attempted: string,
): Promise<EventRow> {
  const [event] = await deps.db.select().from(events).where(eq(events.id, eventId));
  if (!event) throw new NotFoundError(unknownEventMessage);
  if (!(await mayActOn(deps, actor, eventId))) {
    await refuse(deps, actor, event, attempted);
    // Someone else's draft is not public: it answers like an id that does not exist.
    if (event.status === "draft") throw new NotFoundError(unknownEventMessage);
    throw new NotYoursError(notYourEventMessage);
  }
  return event;
}

/**
 * The event, if the actor may spend money on it (a top event): an admin, an owner of one of its
 * organiser profiles, or the creator of a party without a profile. A team member who is no owner
 * is refused with a German sentence saying who can (decision 0232).
 */
export async function loadPromotableEvent(
  deps: DomainDeps,
  actor: Actor,
  eventId: number,
): Promise<EventRow> {
  const event = await loadManagedEvent(deps, actor, eventId, "promote");
  if (!(await mayActOn(deps, actor, eventId, ["owner"]))) {
    await refuse(deps, actor, event, "promote");
    throw new PermissionDeniedError(ownersPromoteMessage);
  }
  return event;
}

/**
 * Writes a team's work on a party to the audit log (decision 0232): who changed, cancelled or
 * deleted a party that belongs to organiser profiles. Parties without a profile have one person
 * and need no record.
 */
export async function recordTeamWork(
  deps: DomainDeps,
  actor: Actor,
  eventId: number,
  action: "update" | "cancel" | "delete",
): Promise<void> {
  const profiles = await deps.db
    .select({ id: eventOrganizers.organizerId })
    .from(eventOrganizers)
    .where(eq(eventOrganizers.eventId, eventId));
  if (profiles.length === 0) return;
  await recordAudit(deps, {
    actorUserId: actor.id,
    action: `event.${action}`,
    entityType: "event",
    entityId: eventId,
    details: { organizerIds: profiles.map((row) => row.id) },
    ip: actor.ip ?? null,
  });
}
