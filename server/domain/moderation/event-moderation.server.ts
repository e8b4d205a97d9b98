import { and, asc, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { rejectEventSchema } from "#common/schemas/admin.ts";
import { eventPath } from "#common/urls.ts";
import { events } from "#server/db/schema/events.ts";
import { duplicateSuspects } from "#server/db/schema/imports.ts";
import { users } from "#server/db/schema/users.ts";
import { accountMail } from "#server/domain/accounts/account-mails.server.ts";
import { recordAudit } from "#server/domain/audit/audit-log.server.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { ConflictError, NotFoundError } from "#server/domain/errors.ts";
import type { Actor } from "#server/domain/kernel/actor.ts";
import { parseInput } from "#server/domain/parse-input.ts";
import { announceNewParty } from "#server/domain/follows/party-alerts.server.ts";

export interface PendingEvent {
  id: number;
  title: string;
  slug: string;
  startsAt: Date;
  createdAt: Date;
  creator: { id: number; displayName: string; email: string } | null;
  /** The party this one probably is ("Ist das dieselbe Party?", decision 0234). */
  duplicateOf: { id: number; title: string; slug: string } | null;
}

const existingEvents = alias(events, "existing_events");

/** The moderation queue: events awaiting approval, oldest first. */
export async function listPendingEvents(deps: DomainDeps): Promise<PendingEvent[]> {
  const rows = await deps.db
    .select({
      id: events.id,
      title: events.title,
      slug: events.slug,
      startsAt: events.startsAt,
      createdAt: events.createdAt,
      creatorId: users.id,
      creatorName: users.displayName,
      creatorEmail: users.email,
      duplicateId: existingEvents.id,
      duplicateTitle: existingEvents.title,
      duplicateSlug: existingEvents.slug,
    })
    .from(events)
    .leftJoin(users, eq(users.id, events.createdById))
    .leftJoin(duplicateSuspects, eq(duplicateSuspects.eventId, events.id))
    .leftJoin(existingEvents, eq(existingEvents.id, duplicateSuspects.existingEventId))
    .where(eq(events.status, "pending"))
    .orderBy(asc(events.createdAt), asc(events.id));
  return rows.map(
    ({
      creatorId,
      creatorName,
      creatorEmail,
      duplicateId,
      duplicateTitle,
      duplicateSlug,
      ...event
    }) => ({
      ...event,
      creator:
        creatorId === null
          ? null
          : { id: creatorId, displayName: creatorName!, email: creatorEmail! },
      duplicateOf:
        duplicateId === null
          ? null
          : { id: duplicateId, title: duplicateTitle!, slug: duplicateSlug! },
    }),
  );
}

const notPendingMessage = "Diese Party wartet nicht auf eine Freigabe.";

/**
 * Moves a waiting event to its decided status in one statement, so two admins deciding at once
 * cannot both act (the later one gets the conflict), and records the decision in the audit log.
 * Answers what the organiser's mail needs.
 */
async function decidePending(
  deps: DomainDeps,
  actor: Actor,
  eventId: number,
  decision: { status: "published" | "rejected"; details?: Record<string, unknown> },
) {
  const [decided] = await deps.db
    .update(events)
    .set({ status: decision.status, updatedAt: deps.now() })
    .where(and(eq(events.id, eventId), eq(events.status, "pending")))
    .returning({
      id: events.id,
      title: events.title,
      slug: events.slug,
      createdById: events.createdById,
    });
  if (!decided) {
    const [existing] = await deps.db
      .select({ id: events.id })
      .from(events)
      .where(eq(events.id, eventId));
    if (!existing) throw new NotFoundError("Diese Party gibt es nicht.");
    throw new ConflictError(notPendingMessage);
  }
  await recordAudit(deps, {
    actorUserId: actor.id,
    action: decision.status === "published" ? "event.approve" : "event.reject",
    entityType: "event",
    entityId: eventId,
    details: decision.details,
    ip: actor.ip ?? null,
  });
  const [creator] =
    decided.createdById === null
      ? []
      : await deps.db
          .select({ email: users.email })
          .from(users)
          .where(eq(users.id, decided.createdById));
  return { ...decided, creatorEmail: creator?.email ?? null };
}

/** Publishes a waiting event and tells its organiser. */
export async function approveEvent(deps: DomainDeps, actor: Actor, eventId: number): Promise<void> {
  const event = await decidePending(deps, actor, eventId, { status: "published" });
  await announceNewParty(deps, eventId);
  if (event.creatorEmail) {
    await deps.mail.send(
      await accountMail(
        deps,
        event.creatorEmail,
        `Deine Party „${event.title}“ ist freigegeben`,
        [`Deine Party „${event.title}“ ist jetzt öffentlich zu sehen.`],
        { label: "Zur Party", url: `${deps.config.publicUrl}${eventPath(event)}` },
      ),
    );
  }
}

/** Refuses a waiting event; the organiser gets the reason by mail. */
export async function rejectEvent(
  deps: DomainDeps,
  actor: Actor,
  eventId: number,
  input: unknown,
): Promise<void> {
  const { reason } = parseInput(rejectEventSchema, input);
  const event = await decidePending(deps, actor, eventId, {
    status: "rejected",
    details: { reason },
  });
  if (event.creatorEmail) {
    await deps.mail.send(
      await accountMail(
        deps,
        event.creatorEmail,
        `Deine Party „${event.title}“ wurde nicht freigegeben`,
        [
          `Deine Party „${event.title}“ können wir leider nicht veröffentlichen.`,
          `Der Grund: ${reason}`,
          "Wenn Du Fragen hast, antworte einfach auf diese E-Mail.",
        ],
      ),
    );
  }
}
