import { and, eq, sql } from "drizzle-orm";
import { formatDateTime } from "#common/dates.ts";
import { PLACE_TO_BE_ANNOUNCED, placeName } from "#common/party-place.ts";
import { eventPath } from "#common/urls.ts";
import { queryRows } from "#server/db/query-rows.server.ts";
import { followerSavedParties, pushNotices, pushSubscriptions } from "#server/db/schema/follows.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { summariesByIds } from "#server/domain/event-query/event-query-kit.server.ts";
import { followMatchesParty } from "./follow-match.server.ts";

/**
 * Party alerts by Web Push (decision 0187). `push_notices` is the outbox: one row per follower,
 * party and topic (so nobody hears of a party twice), claimed before its pushes go out and marked
 * sent after. A claim whose run died stays "claimed" and is not sent again (at most once).
 */

/** A notification as the service worker shows it; text only, never HTML. */
export interface PushMessage {
  title: string;
  body: string;
  /** A path on this site the notification opens. */
  path: string;
}

const BATCH_SIZE = 20;
/** A run sends at most this many batches; the scheduler's next minute takes the rest. */
const MAX_BATCHES = 50;
const MAX_TITLE = 120;
const MAX_BODY = 240;

const clip = (value: string, max: number) =>
  value.length > max ? `${value.slice(0, max - 1)}…` : value;

export interface DeliveryCount {
  sent: number;
  failed: number;
  /** Subscriptions deleted because their push service answered 404 or 410. */
  removed: number;
}

/** Sends the claimed notices' pushes to every subscription of their follower. */
async function deliverClaimed(
  deps: DomainDeps,
  claimed: {
    followerId: number;
    eventId: number;
    topic: string;
    title: string;
    body: string;
    path: string;
  }[],
  count: DeliveryCount,
) {
  await Promise.all(
    claimed.map(async (notice) => {
      const subscriptions = await deps.db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.followerId, notice.followerId));
      const payload = JSON.stringify({
        title: notice.title,
        body: notice.body,
        url: `${deps.config.publicUrl}${notice.path}`,
        tag: `${notice.topic}-${notice.eventId}`,
      });
      for (const subscription of subscriptions) {
        const result = await deps.push.send(subscription, payload);
        if (result.outcome === "sent") count.sent++;
        else if (result.outcome === "gone") {
          count.removed++;
          await deps.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscription.id));
        } else count.failed++;
      }
      await deps.db
        .update(pushNotices)
        .set({ status: "sent", sentAt: deps.now() })
        .where(
          and(
            eq(pushNotices.followerId, notice.followerId),
            eq(pushNotices.eventId, notice.eventId),
            eq(pushNotices.topic, notice.topic),
          ),
        );
    }),
  );
}

/**
 * Sends the pending notices (claimed first, batch by batch, `for update skip locked`, so two
 * processes never send one twice). Bounded: the scheduler's next run continues.
 */
export async function deliverPendingPushNotices(deps: DomainDeps): Promise<DeliveryCount> {
  const count: DeliveryCount = { sent: 0, failed: 0, removed: 0 };
  for (let batch = 0; batch < MAX_BATCHES; batch++) {
    const claimed = await queryRows<{
      followerId: number;
      eventId: number;
      topic: string;
      title: string;
      body: string;
      path: string;
    }>(
      deps.db,
      sql`
      update push_notices as n set status = 'claimed', claimed_at = ${deps.now().toISOString()}
      where (n.follower_id, n.event_id, n.topic) in (
        select follower_id, event_id, topic from push_notices
        where status = 'pending'
        order by created_at
        limit ${BATCH_SIZE}
        for update skip locked)
      returning n.follower_id as "followerId", n.event_id as "eventId", n.topic, n.title, n.body,
        n.path`,
    );
    if (claimed.length === 0) break;
    await deliverClaimed(deps, claimed, count);
  }
  return count;
}

/**
 * Queues `message` about party `eventId` for the given followers' browsers — once per follower,
 * party and `topic`, however often it is called. Followers without a push subscription are passed
 * over. Answers how many notices were queued.
 */
export async function queuePushNotices(
  deps: DomainDeps,
  notice: { eventId: number; topic: string; followerIds: number[]; message: PushMessage },
): Promise<number> {
  const ids = [...new Set(notice.followerIds)];
  if (ids.length === 0) return 0;
  const rows = await queryRows<{ followerId: number }>(
    deps.db,
    sql`
    insert into push_notices (follower_id, event_id, topic, title, body, path, created_at)
    select distinct s.follower_id, ${notice.eventId}::integer, ${notice.topic}::text,
      ${clip(notice.message.title, MAX_TITLE)}::text, ${clip(notice.message.body, MAX_BODY)}::text,
      ${notice.message.path}::text, ${deps.now().toISOString()}::timestamptz
    from push_subscriptions as s
    where s.follower_id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})
    on conflict do nothing
    returning follower_id as "followerId"`,
  );
  return rows.length;
}

/**
 * Sends `message` about party `eventId` to the given followers' browsers now — once per
 * follower, party and `topic` (for change alerts: one topic per change, e.g. "changed-{iso}").
 * A push service's failure is counted, never thrown; a 404/410 removes that subscription.
 */
export async function sendPushToFollowers(
  deps: DomainDeps,
  notice: { eventId: number; topic: string; followerIds: number[]; message: PushMessage },
): Promise<DeliveryCount> {
  await queuePushNotices(deps, notice);
  return deliverPendingPushNotices(deps);
}

/** Followers of the party's club, an organiser, a genre or an artist of its line-up. */
export async function followersOfParty(deps: DomainDeps, eventId: number): Promise<number[]> {
  const rows = await queryRows<{ followerId: number }>(
    deps.db,
    sql`
    select distinct f.follower_id as "followerId" from follows as f
    join events as e on e.id = ${eventId}
    where ${followMatchesParty}`,
  );
  return rows.map((row) => row.followerId);
}

/**
 * Followers whose browser saved the party (decision 0189) and so hear of its changes by push —
 * not of it as a new party: they know it already.
 */
export async function saversOfParty(deps: DomainDeps, eventId: number): Promise<number[]> {
  const rows = await deps.db
    .selectDistinct({ followerId: followerSavedParties.followerId })
    .from(followerSavedParties)
    .where(eq(followerSavedParties.eventId, eventId));
  return rows.map((row) => row.followerId);
}

/**
 * Queues the "new party" notice for the followers of a public party (created published,
 * approved, or saved again with a new artist, club …: whoever newly follows it hears of it once;
 * nobody twice). Past parties and those not published are passed over. Answers the number queued.
 */
export async function queueNewPartyNotices(deps: DomainDeps, eventId: number): Promise<number> {
  const [party] = await summariesByIds(deps, [eventId]);
  if (!party || party.status !== "published") return 0;
  if ((party.endsAt ?? party.startsAt) < deps.now()) return 0;
  const followerIds = await followersOfParty(deps, eventId);
  if (followerIds.length === 0) return 0;
  const place = placeName(party) ?? PLACE_TO_BE_ANNOUNCED;
  return queuePushNotices(deps, {
    eventId,
    topic: "new-party",
    followerIds,
    message: {
      title: `Neue Party: ${party.title}`,
      body: `${formatDateTime(party.startsAt, deps.config.city.timeZone)} · ${place}`,
      path: eventPath(party),
    },
  });
}

/**
 * For the event commands: queues the notices (durably, before the command answers) and sends
 * them in the background, so the organiser does not wait for push services. What a crash leaves
 * pending, the scheduler's next minute sends.
 */
export async function announceNewParty(deps: DomainDeps, eventId: number): Promise<void> {
  if ((await queueNewPartyNotices(deps, eventId)) === 0) return;
  deliverPendingPushNotices(deps).catch((error: unknown) =>
    console.error("sending party alerts failed", error),
  );
}
