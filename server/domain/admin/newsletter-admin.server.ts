import { stringify } from "csv-stringify/sync";
import { asc, count, desc, eq, ilike, sql } from "drizzle-orm";
import {
  newsletterIssues,
  newsletterSends,
  newsletterSubscribers,
} from "#server/db/schema/newsletter.ts";
import { recordAudit } from "#server/domain/audit/audit-log.server.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { NotFoundError } from "#server/domain/errors.ts";
import type { Actor } from "#server/domain/kernel/actor.ts";
import { offsetOf, type Page, type PageRequest } from "#server/domain/paging.ts";

export interface SubscriberEntry {
  id: number;
  email: string;
  status: "pending" | "confirmed" | "unsubscribed";
  signedUpAt: Date;
  confirmedAt: Date | null;
}

const subscriberColumns = {
  id: newsletterSubscribers.id,
  email: newsletterSubscribers.email,
  status: newsletterSubscribers.status,
  signedUpAt: newsletterSubscribers.signedUpAt,
  confirmedAt: newsletterSubscribers.confirmedAt,
};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** Subscribers by address; `search` matches part of the address. */
export async function listSubscribers(
  deps: DomainDeps,
  search: string,
  paging: PageRequest,
): Promise<Page<SubscriberEntry>> {
  const where =
    search.trim() === ""
      ? undefined
      : ilike(newsletterSubscribers.email, `%${escapeLike(search.trim())}%`);
  const [items, [total]] = await Promise.all([
    deps.db
      .select(subscriberColumns)
      .from(newsletterSubscribers)
      .where(where)
      .orderBy(asc(newsletterSubscribers.email))
      .limit(paging.pageSize)
      .offset(offsetOf(paging)),
    deps.db.select({ n: count() }).from(newsletterSubscribers).where(where),
  ]);
  return { ...paging, count: total!.n, items };
}

/** Every subscriber as CSV (address, status, signed up, confirmed; instants in UTC). */
export async function subscribersCsv(deps: DomainDeps): Promise<string> {
  const rows = await deps.db
    .select(subscriberColumns)
    .from(newsletterSubscribers)
    .orderBy(asc(newsletterSubscribers.email));
  return stringify(
    rows.map((row) => [
      row.email,
      row.status,
      row.signedUpAt.toISOString(),
      row.confirmedAt?.toISOString() ?? "",
    ]),
    { header: true, columns: ["email", "status", "signed_up_at", "confirmed_at"] },
  );
}

/** Removes a subscriber with their consent record and sends (e.g. on request by mail). */
export async function removeSubscriber(
  deps: DomainDeps,
  actor: Actor,
  subscriberId: number,
): Promise<void> {
  const [removed] = await deps.db
    .delete(newsletterSubscribers)
    .where(eq(newsletterSubscribers.id, subscriberId))
    .returning({ id: newsletterSubscribers.id });
  if (!removed) throw new NotFoundError("Diese Anmeldung gibt es nicht.");
  await recordAudit(deps, {
    actorUserId: actor.id,
    action: "newsletter.subscriber.remove",
    entityType: "newsletter_subscriber",
    entityId: subscriberId,
    ip: actor.ip ?? null,
  });
}

export interface IssueStatus {
  id: number;
  weekendStart: string;
  subject: string;
  status: "building" | "sending" | "sent" | "empty";
  sentAt: Date | null;
  sends: { pending: number; sent: number; failed: number };
}

/** The latest issues with how far their sending got. */
export async function listIssueStatus(deps: DomainDeps, limit = 10): Promise<IssueStatus[]> {
  const rows = await deps.db
    .select({
      id: newsletterIssues.id,
      weekendStart: newsletterIssues.weekendStart,
      subject: newsletterIssues.subject,
      status: newsletterIssues.status,
      sentAt: newsletterIssues.sentAt,
      pending: sql<number>`count(*) filter (where ${newsletterSends.status} in ('pending', 'claimed'))::int`,
      sent: sql<number>`count(*) filter (where ${newsletterSends.status} = 'sent')::int`,
      failed: sql<number>`count(*) filter (where ${newsletterSends.status} = 'failed')::int`,
    })
    .from(newsletterIssues)
    .leftJoin(newsletterSends, eq(newsletterSends.issueId, newsletterIssues.id))
    .groupBy(newsletterIssues.id)
    .orderBy(desc(newsletterIssues.weekendStart))
    .limit(limit);
  return rows.map(({ pending, sent, failed, ...issue }) => ({
    ...issue,
    sends: { pending, sent, failed },
  }));
}
