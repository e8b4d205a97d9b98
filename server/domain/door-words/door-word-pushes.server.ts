import { sql } from "drizzle-orm";
import { eventPath } from "#common/urls.ts";
import { queryRows } from "#server/db/query-rows.server.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import type { EventRow } from "#server/domain/events/event-ownership.server.ts";
import {
  deliverPendingPushNotices,
  queuePushNotices,
} from "#server/domain/follows/party-alerts.server.ts";

/**
 * Followers who hear the party's words from the door (decision 0221): live updates switched on,
 * and the browser saved the party (decision 0189) or follows its club.
 */
export async function liveUpdateFollowersOf(
  deps: DomainDeps,
  event: Pick<EventRow, "id" | "locationId">,
): Promise<number[]> {
  const rows = await queryRows<{ followerId: number }>(
    deps.db,
    sql`
    select f.id as "followerId" from followers as f
    where f.live_updates
      and (exists (select 1 from follower_saved_parties as s
                   where s.follower_id = f.id and s.event_id = ${event.id})
        or exists (select 1 from follows as c
                   where c.follower_id = f.id and c.kind = 'club'
                     and c.target_id = ${event.locationId ?? 0}))`,
  );
  return rows.map((row) => row.followerId);
}

/**
 * Queues the word for the live-update followers' browsers (once per follower and word: topic
 * `door-{id}`) before the post answers, and sends in the background, as new parties are
 * announced; what a crash leaves pending, the scheduler sends.
 */
export async function announceDoorWord(
  deps: DomainDeps,
  event: Pick<EventRow, "id" | "slug" | "title" | "locationId">,
  word: { id: number; text: string; time: string },
): Promise<void> {
  const queued = await queuePushNotices(deps, {
    eventId: event.id,
    topic: `door-${word.id}`,
    followerIds: await liveUpdateFollowersOf(deps, event),
    message: {
      title: `${event.title}: ${word.text}`,
      body: `Von der Tür, ${word.time}`,
      path: eventPath(event),
    },
  });
  if (queued === 0) return;
  deliverPendingPushNotices(deps).catch((error: unknown) =>
    console.error("sending door words failed", error),
  );
}
