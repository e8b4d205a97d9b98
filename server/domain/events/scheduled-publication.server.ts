import { and, eq, isNotNull, lte } from "drizzle-orm";
import { events } from "#server/db/schema/events.ts";
import { users } from "#server/db/schema/users.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { announceNewParty } from "#server/domain/follows/party-alerts.server.ts";
import { statusOfNewEvent } from "./event-approval.server.ts";

/**
 * Publishes the drafts whose publication time has come ("Veröffentlichen am", decision 0236) as
 * if their creator had published them by hand at that moment: pending when a new organiser's
 * parties need approval, else published and announced to followers. Idempotent: a party leaves
 * the queue with its `publish_at` cleared, in the same statement that checks it is still due.
 */
export async function publishDueParties(deps: DomainDeps): Promise<{ published: number }> {
  const now = deps.now();
  const due = await deps.db
    .select({ id: events.id, creatorId: users.id, creatorRole: users.role })
    .from(events)
    .leftJoin(users, eq(users.id, events.createdById))
    .where(
      and(eq(events.status, "draft"), isNotNull(events.publishAt), lte(events.publishAt, now)),
    );
  let published = 0;
  for (const party of due) {
    const status =
      party.creatorId === null
        ? "pending"
        : await statusOfNewEvent(deps, { id: party.creatorId, role: party.creatorRole! });
    const [saved] = await deps.db
      .update(events)
      .set({ status, publishAt: null, updatedAt: now })
      .where(and(eq(events.id, party.id), eq(events.status, "draft"), lte(events.publishAt, now)))
      .returning({ status: events.status });
    if (saved?.status === "published") {
      published += 1;
      await announceNewParty(deps, party.id);
    }
  }
  return { published };
}
