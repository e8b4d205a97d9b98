import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { followsFeedPath } from "#common/urls.ts";
import { queryRows } from "#server/db/query-rows.server.ts";
import { followers } from "#server/db/schema/follows.ts";
import { followMatchesParty } from "#server/domain/follows/follow-match.server.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { NotFoundError } from "#server/domain/errors.ts";
import { summariesByIds } from "#server/domain/event-query/event-query-kit.server.ts";
import { siteIdentity } from "#server/domain/settings/site-settings.server.ts";
import { chosenPartiesCalendar } from "./party-feeds.server.ts";

/**
 * The follows' coming parties as a calendar to subscribe to (decision 0186, the third channel):
 * like the saved parties' feed (decision 0182) the address carries its own random 256-bit token —
 * not the follower's secret, which a calendar app must not hold — and a new one replaces it.
 */

const tokenPattern = /^[A-Za-z0-9_-]{43}$/;
const newToken = () => randomBytes(32).toString("base64url");
/** Most parties the feed lists. */
const FEED_LIMIT = 300;

const urlOf = (deps: DomainDeps, token: string) =>
  `${deps.config.publicUrl}${followsFeedPath(token)}`;

/** The address of the follower's feed, made on first use. */
export async function followsFeedUrl(deps: DomainDeps, followerId: number): Promise<string> {
  const [row] = await deps.db
    .update(followers)
    .set({ feedToken: sql`coalesce(${followers.feedToken}, ${newToken()})` })
    .where(eq(followers.id, followerId))
    .returning({ token: followers.feedToken });
  if (!row?.token) throw new NotFoundError();
  return urlOf(deps, row.token);
}

/** A new address; the old one answers 404 at once. */
export async function renewFollowsFeed(deps: DomainDeps, followerId: number): Promise<string> {
  const token = newToken();
  await deps.db.update(followers).set({ feedToken: token }).where(eq(followers.id, followerId));
  return urlOf(deps, token);
}

/** The calendar behind a token: the follows' public parties that have not ended, by start. */
export async function followsCalendar(deps: DomainDeps, token: string): Promise<string> {
  if (!tokenPattern.test(token)) throw new NotFoundError();
  const [follower] = await deps.db
    .select({ id: followers.id })
    .from(followers)
    .where(eq(followers.feedToken, token));
  if (!follower) throw new NotFoundError();
  const rows = await queryRows<{ id: number }>(
    deps.db,
    sql`
    select e.id from events as e
    where e.status in ('published', 'cancelled')
      and coalesce(e.ends_at, e.starts_at) >= ${deps.now().toISOString()}::timestamptz
      and exists (
        select 1 from follows as f where f.follower_id = ${follower.id} and ${followMatchesParty})
    order by e.starts_at, e.id
    limit ${FEED_LIMIT}`,
  );
  const [parties, { siteName }] = await Promise.all([
    summariesByIds(
      deps,
      rows.map((row) => row.id),
    ),
    siteIdentity(deps),
  ]);
  return chosenPartiesCalendar(deps, parties, {
    name: `Folge ich – ${siteName}`,
    description: `Die kommenden Partys mit allem, dem Du auf ${siteName} folgst.`,
  });
}
