import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { eventPath } from "#common/urls.ts";
import { events } from "#server/db/schema/events.ts";
import { followerSavedParties, followers } from "#server/db/schema/follows.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { queuePushNotices } from "#server/domain/follows/party-alerts.server.ts";
import { reminderLines, reminderTitle } from "./party-reminders.server.ts";
import { dueReminders, remindableParties } from "./due-reminders.server.ts";

/**
 * Reminders by push (decision 0224) for browsers without an account: a saved party with
 * "Erinnern" (`follower_saved_parties.remind`) gets one push on its afternoon (`reminderDueAt`),
 * with the same lines as the mail. It goes through the push outbox (`push_notices`, topic
 * `reminder`): one row per follower and party, claimed before sending — once, whatever restarts
 * or instances do. Browsers synced with an account get none: the account's reminder is its mail.
 */

/** The outbox topic of reminders. */
export const REMINDER_TOPIC = "reminder";

/**
 * Queues every push reminder that is due: published parties (not cancelled) not yet started, whose
 * reminder time has come, for browsers without an account that chose "Erinnern", have a push
 * subscription and no reminder of the party yet. Answers how many were queued; the outbox's
 * delivery sends them.
 */
export async function queueDuePushReminders(
  deps: DomainDeps,
  options: { signal?: AbortSignal } = {},
): Promise<number> {
  const now = deps.now();
  const candidates = await deps.db
    .select({
      followerId: followerSavedParties.followerId,
      eventId: events.id,
      startsAt: events.startsAt,
    })
    .from(followerSavedParties)
    .innerJoin(followers, eq(followers.id, followerSavedParties.followerId))
    .innerJoin(events, eq(events.id, followerSavedParties.eventId))
    .where(
      and(
        eq(followerSavedParties.remind, true),
        isNull(followers.userId),
        remindableParties(now),
        sql`exists (select 1 from push_subscriptions as s
          where s.follower_id = ${followerSavedParties.followerId})`,
        sql`not exists (select 1 from push_notices as n
          where n.follower_id = ${followerSavedParties.followerId}
            and n.event_id = ${followerSavedParties.eventId} and n.topic = ${REMINDER_TOPIC})`,
      ),
    )
    .orderBy(asc(events.startsAt), asc(followerSavedParties.followerId));
  let queued = 0;
  for (const { candidate: row, party } of await dueReminders(deps, candidates)) {
    if (options.signal?.aborted) break;
    const lines = await reminderLines(deps, party, { followerId: row.followerId });
    queued += await queuePushNotices(deps, {
      eventId: party.id,
      topic: REMINDER_TOPIC,
      followerIds: [row.followerId],
      message: { title: reminderTitle(party), body: lines.join("\n"), path: eventPath(party) },
    });
  }
  return queued;
}
