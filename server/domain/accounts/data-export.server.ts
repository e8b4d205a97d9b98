import { asc, eq, inArray } from "drizzle-orm";
import { auditLog } from "#server/db/schema/audit.ts";
import { refreshTokens } from "#server/db/schema/auth.ts";
import { eventGenres, eventOrganizers, events } from "#server/db/schema/events.ts";
import { billingDocuments } from "#server/db/schema/invoices.ts";
import { users } from "#server/db/schema/users.ts";
import { savedParties, savedPartyFeeds } from "#server/db/schema/saved-parties.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { getMyData } from "./my-data.server.ts";

/**
 * Everything stored about a user, as one JSON document (Art. 15 and 20 DSGVO): account,
 * organiser profiles, events with their genres and organisers, invoices and credit notes, the
 * invoice name and address kept for the next booking, saved parties (with their reminder choice,
 * the reminder default and when their calendar address was made), sessions and audit entries.
 * Password hashes and token hashes are left out: they are secrets, not information.
 */
export async function exportMyData(deps: DomainDeps, userId: number) {
  const account = await getMyData(deps, userId);
  const [ownEvents, invoices, saved, savedFeed, sessions, audit, accountRows] = await Promise.all([
    deps.db
      .select()
      .from(events)
      .where(eq(events.createdById, userId))
      .orderBy(asc(events.startsAt)),
    deps.db
      .select({
        number: billingDocuments.number,
        kind: billingDocuments.kind,
        issuedAt: billingDocuments.issuedAt,
        grossCents: billingDocuments.grossCents,
        currency: billingDocuments.currency,
        buyer: billingDocuments.buyer,
        lines: billingDocuments.lines,
      })
      .from(billingDocuments)
      .where(eq(billingDocuments.userId, userId))
      .orderBy(asc(billingDocuments.issuedAt), asc(billingDocuments.id)),
    deps.db
      .select({
        eventId: savedParties.eventId,
        savedAt: savedParties.createdAt,
        remind: savedParties.remind,
      })
      .from(savedParties)
      .where(eq(savedParties.userId, userId))
      .orderBy(asc(savedParties.createdAt), asc(savedParties.eventId)),
    deps.db
      .select({ createdAt: savedPartyFeeds.createdAt })
      .from(savedPartyFeeds)
      .where(eq(savedPartyFeeds.userId, userId)),
    deps.db
      .select({
        startedAt: refreshTokens.createdAt,
        expiresAt: refreshTokens.expiresAt,
        endedAt: refreshTokens.revokedAt,
        userAgent: refreshTokens.userAgent,
      })
      .from(refreshTokens)
      .where(eq(refreshTokens.userId, userId))
      .orderBy(asc(refreshTokens.createdAt)),
    deps.db
      .select({
        at: auditLog.createdAt,
        action: auditLog.action,
        entityType: auditLog.entityType,
        entityId: auditLog.entityId,
        ip: auditLog.ip,
      })
      .from(auditLog)
      .where(eq(auditLog.actorUserId, userId))
      .orderBy(asc(auditLog.createdAt)),
    deps.db
      .select({
        wanted: users.changeAlertMails,
        remindByDefault: users.remindSavedParties,
        billingName: users.billingName,
        billingAddress: users.billingAddress,
      })
      .from(users)
      .where(eq(users.id, userId)),
  ]);
  const eventIds = ownEvents.map((event) => event.id);
  const [genreLinks, organizerLinks] =
    eventIds.length === 0
      ? [[], []]
      : await Promise.all([
          deps.db.select().from(eventGenres).where(inArray(eventGenres.eventId, eventIds)),
          deps.db.select().from(eventOrganizers).where(inArray(eventOrganizers.eventId, eventIds)),
        ]);
  return {
    exported_at: deps.now().toISOString(),
    account,
    events: ownEvents.map((event) => ({
      ...event,
      genreIds: genreLinks.filter((link) => link.eventId === event.id).map((link) => link.genreId),
      organizerIds: organizerLinks
        .filter((link) => link.eventId === event.id)
        .map((link) => link.organizerId),
    })),
    invoices,
    saved_parties: saved,
    saved_parties_feed_created_at: savedFeed[0]?.createdAt ?? null,
    change_alert_mails: accountRows[0]?.wanted ?? true,
    remind_saved_parties: accountRows[0]?.remindByDefault ?? false,
    billing_address: {
      name: accountRows[0]?.billingName ?? null,
      address: accountRows[0]?.billingAddress ?? null,
    },
    sessions,
    audit_log: audit,
  };
}
