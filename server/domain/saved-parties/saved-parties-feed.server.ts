import { randomBytes } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { savedPartiesFeedPath } from "#common/urls.ts";
import { savedPartyFeeds } from "#server/db/schema/saved-parties.ts";
import { users } from "#server/db/schema/users.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { NotFoundError } from "#server/domain/errors.ts";
import { chosenPartiesCalendar } from "#server/domain/feeds/party-feeds.server.ts";
import { siteIdentity } from "#server/domain/settings/site-settings.server.ts";
import { savedPartySummaries } from "./saved-party-list.server.ts";

/**
 * A user's saved parties as a calendar to subscribe to (decision 0182): the address carries a
 * random 256-bit token (the only key to the feed, so calendar apps need no login); "Neue Adresse
 * erzeugen" replaces it and the old address answers 404.
 */

const tokenPattern = /^[A-Za-z0-9_-]{43}$/;

const newToken = () => randomBytes(32).toString("base64url");

/** The absolute https/http address of the user's feed (made on first use). */
export async function savedPartiesFeedUrl(deps: DomainDeps, userId: number): Promise<string> {
  const [existing] = await deps.db
    .select({ token: savedPartyFeeds.token })
    .from(savedPartyFeeds)
    .where(eq(savedPartyFeeds.userId, userId));
  if (existing) return `${deps.config.publicUrl}${savedPartiesFeedPath(existing.token)}`;
  await deps.db.insert(savedPartyFeeds).values({ userId, token: newToken() }).onConflictDoNothing();
  return savedPartiesFeedUrl(deps, userId);
}

/** Gives the user's feed a new address; the old one stops working at once. */
export async function renewSavedPartiesFeed(deps: DomainDeps, userId: number): Promise<string> {
  const token = newToken();
  await deps.db
    .insert(savedPartyFeeds)
    .values({ userId, token })
    .onConflictDoUpdate({
      target: savedPartyFeeds.userId,
      set: { token, createdAt: deps.now() },
    });
  return `${deps.config.publicUrl}${savedPartiesFeedPath(token)}`;
}

/** The calendar behind a feed token; NotFoundError for an unknown or replaced one, or a disabled account. */
export async function savedPartiesCalendar(deps: DomainDeps, token: string): Promise<string> {
  if (!tokenPattern.test(token)) throw new NotFoundError();
  const [feed] = await deps.db
    .select({ userId: savedPartyFeeds.userId })
    .from(savedPartyFeeds)
    .innerJoin(users, eq(users.id, savedPartyFeeds.userId))
    .where(and(eq(savedPartyFeeds.token, token), isNull(users.disabledAt)));
  if (!feed) throw new NotFoundError();
  const [parties, { siteName }] = await Promise.all([
    savedPartySummaries(deps, feed.userId),
    siteIdentity(deps),
  ]);
  return chosenPartiesCalendar(deps, parties, {
    name: `Gemerkt – ${siteName}`,
    description: `Deine gemerkten Partys auf ${siteName}.`,
  });
}
