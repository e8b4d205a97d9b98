import { and, eq } from "drizzle-orm";
import { MAX_ENDPOINT_LENGTH, followMessages } from "#common/schemas/follows.ts";
import { pushSubscriptions } from "#server/db/schema/follows.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { ValidationError } from "#server/domain/errors.ts";

/** A follower may have this many browsers (subscriptions) at once; the oldest give way. */
const MAX_SUBSCRIPTIONS_PER_FOLLOWER = 10;

/**
 * A push endpoint we send to: an https URL without credentials on a public host name (any push
 * service: Mozilla, Google, Apple, Microsoft …). Only under NODE_ENV=test also http://127.0.0.1, the tests' local
 * push service. Everything else (another scheme, a user:password, a fragment) is refused.
 */
export function isAcceptedEndpoint(deps: DomainDeps, endpoint: string): boolean {
  if (endpoint.length > MAX_ENDPOINT_LENGTH) return false;
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password || url.hash) return false;
  if (url.protocol === "https:") return isPublicHostName(url.hostname);
  return deps.config.env === "test" && url.protocol === "http:" && url.hostname === "127.0.0.1";
}

/**
 * A host name a push service could have: a dotted name, not an IP literal and not a local name
 * (so the server is not made to post to its own network by a forged subscription).
 */
function isPublicHostName(hostname: string): boolean {
  if (!hostname.includes(".") || hostname.startsWith("[")) return false;
  if (/^[\d.]+$/.test(hostname)) return false;
  return !/(^|\.)(localhost|local|internal|lan|home|localdomain)$/i.test(hostname);
}

/**
 * Keeps a browser's subscription for the follower. The same endpoint sent again replaces its
 * keys (and moves it to this follower: the browser holds both).
 */
export async function savePushSubscription(
  deps: DomainDeps,
  followerId: number,
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } },
): Promise<void> {
  if (!isAcceptedEndpoint(deps, subscription.endpoint)) {
    throw new ValidationError({ endpoint: [followMessages.badEndpoint] });
  }
  const values = {
    followerId,
    endpoint: subscription.endpoint,
    p256dh: subscription.keys.p256dh,
    auth: subscription.keys.auth,
  };
  await deps.db
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: values });
  const kept = await deps.db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.followerId, followerId))
    .orderBy(pushSubscriptions.createdAt, pushSubscriptions.id);
  for (const old of kept.slice(0, Math.max(kept.length - MAX_SUBSCRIPTIONS_PER_FOLLOWER, 0))) {
    await deps.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, old.id));
  }
}

/** Drops the follower's subscription of that endpoint (notifications switched off). */
export async function removePushSubscription(
  deps: DomainDeps,
  followerId: number,
  endpoint: string,
): Promise<void> {
  await deps.db
    .delete(pushSubscriptions)
    .where(
      and(eq(pushSubscriptions.followerId, followerId), eq(pushSubscriptions.endpoint, endpoint)),
    );
}

/** How many browsers get the follower's notifications. */
export async function pushSubscriptionCount(deps: DomainDeps, followerId: number) {
  const rows = await deps.db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.followerId, followerId));
  return rows.length;
}
