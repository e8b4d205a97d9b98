import { and, eq } from "drizzle-orm";
import { MAX_ENDPOINT_LENGTH, followMessages } from "#common/schemas/follows.ts";
import { pushSubscriptions } from "#server/db/schema/follows.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { ValidationError } from "#server/domain/errors.ts";
import { pushTargetOf } from "#server/push/push-services.ts";

/** A follower may have this many browsers (subscriptions) at once; the oldest give way. */
const MAX_SUBSCRIPTIONS_PER_FOLLOWER = 10;

/**
 * A push endpoint we send to: an https URL on port 443 of a known push service (the one list in
 * server/push/push-services.ts, decision 0199) — so a forged subscription cannot make the
 * server post into its own network or anywhere else. Under NODE_ENV=test the configured local
 * stand-in (TEST_PUSH_SERVICE_URL) too.
 */
function isAcceptedEndpoint(deps: DomainDeps, endpoint: string): boolean {
  if (endpoint.length > MAX_ENDPOINT_LENGTH) return false;
  return pushTargetOf(endpoint, deps.config.testPushService) !== null;
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
