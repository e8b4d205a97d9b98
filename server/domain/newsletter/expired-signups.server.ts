import { and, eq, lt } from "drizzle-orm";
import { newsletterSubscribers } from "#server/db/schema/newsletter.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { DAY_MS, UNCONFIRMED_RETENTION_DAYS } from "./newsletter-rules.ts";

/** Deletes sign-ups left unconfirmed for 30 days (their links go with them); returns how many. */
export async function deleteExpiredSignups(deps: DomainDeps): Promise<number> {
  const cutoff = new Date(deps.now().getTime() - UNCONFIRMED_RETENTION_DAYS * DAY_MS);
  const deleted = await deps.db
    .delete(newsletterSubscribers)
    .where(
      and(
        eq(newsletterSubscribers.status, "pending"),
        lt(newsletterSubscribers.signedUpAt, cutoff),
      ),
    )
    .returning({ id: newsletterSubscribers.id });
  return deleted.length;
}
