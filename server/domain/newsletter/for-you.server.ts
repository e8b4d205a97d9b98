import { and, eq, sql } from "drizzle-orm";
import { addDays, partyNightBounds } from "#common/dates.ts";
import type { NewsletterIssueEvent } from "#server/db/schema/newsletter.ts";
import { newsletterSubscribers } from "#server/db/schema/newsletter.ts";
import { queryRows } from "#server/db/query-rows.server.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { summariesByIds } from "#server/domain/event-query/event-query-kit.server.ts";
import { followMatchesParty } from "#server/domain/follows/follow-match.server.ts";
import { subscribe, type SignupRequest, type SignupResult } from "./subscribe.server.ts";
import { toIssueEvent } from "./issue-content.server.ts";

/**
 * "Für Dich" (decision 0188): a subscriber linked to a follower gets, in the Thursday issue, the
 * weekend's parties of what they follow. The link is made by a sign-up from the following browser
 * and holds once the address is confirmed (double opt-in, as every sign-up); an address already
 * confirmed is linked the same way only after a new confirmation, so nobody can attach their
 * follows to someone else's newsletter. Unsubscribing ends the mails, and with them "Für Dich";
 * the follows and push stay.
 */

/** Most parties "Für Dich" lists. */
const FOR_YOU_LIMIT = 12;

/**
 * Signs the address up (double opt-in) and links the sign-up to the follower. A confirmed
 * subscriber is not touched (no new mail for them: same answer for every address).
 */
export async function subscribeForYou(
  deps: DomainDeps,
  followerId: number,
  request: SignupRequest,
): Promise<SignupResult> {
  const result = await subscribe(deps, request);
  await deps.db
    .update(newsletterSubscribers)
    .set({ followerId })
    .where(
      and(
        sql`lower(${newsletterSubscribers.email}) = lower(${request.email})`,
        eq(newsletterSubscribers.status, "pending"),
      ),
    );
  return result;
}

/** Ends "Für Dich" for the follower's subscriptions (the newsletter itself stays). */
export async function stopForYou(deps: DomainDeps, followerId: number): Promise<void> {
  await deps.db
    .update(newsletterSubscribers)
    .set({ followerId: null })
    .where(eq(newsletterSubscribers.followerId, followerId));
}

/**
 * The published parties of the weekend starting `friday` (nights Friday to Sunday) whose club,
 * organiser, genre or artist the follower follows, by start; at most FOR_YOU_LIMIT.
 */
export async function forYouParties(
  deps: DomainDeps,
  followerId: number,
  friday: string,
): Promise<NewsletterIssueEvent[]> {
  const rows = await queryRows<{ id: number }>(
    deps.db,
    sql`
    select e.id from events as e
    where e.status = 'published'
      and e.starts_at >= ${nightStart(deps, friday).toISOString()}
      and e.starts_at < ${nightStart(deps, addDays(friday, 3)).toISOString()}
      and exists (
        select 1 from follows as f where f.follower_id = ${followerId} and ${followMatchesParty})
    order by e.starts_at, e.id
    limit ${FOR_YOU_LIMIT}`,
  );
  const summaries = await summariesByIds(
    deps,
    rows.map((row) => row.id),
  );
  return summaries.map((event) => toIssueEvent(deps, event));
}

/** 06:00 city time of a night: party nights run 06:00 to 06:00 (the shared cut). */
function nightStart(deps: DomainDeps, night: string): Date {
  return partyNightBounds(night, deps.config.city.timeZone).start;
}
