import { and, asc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { createElement } from "react";
import { formatDateTime, formatTime } from "#common/dates.ts";
import { PLACE_TO_BE_ANNOUNCED, placeWithAddress } from "#common/party-place.ts";
import { eventPath, savedPartiesPath } from "#common/urls.ts";
import { queryRows } from "#server/db/query-rows.server.ts";
import { events } from "#server/db/schema/events.ts";
import { partyReminderMails, savedParties } from "#server/db/schema/saved-parties.ts";
import { users } from "#server/db/schema/users.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { latestDoorWordOf } from "#server/domain/door-words/door-words.server.ts";
import type { EventSummary } from "#server/domain/event-query/event-model.ts";
import { mailFrame } from "#server/domain/settings/mail-frame.server.ts";
import type { MailMessage } from "#server/mail/mailer.server.ts";
import { errorText } from "#server/mail/send-with-retry.server.ts";
import { PartyReminderMail } from "#server/mail/templates/party-reminder-mail.tsx";
import { renderMail } from "#server/mail/templates/render-mail.server.ts";
import { dueReminders, remindableParties } from "./due-reminders.server.ts";

/**
 * Reminders of saved parties by mail (decision 0222): an account that chose "Erinnern" for a
 * saved party gets one mail on the party's afternoon (`reminderDueAt`) — when and where, and the set times of
 * the artists it follows. A cancelled party gets none (its change alert told it). Each reminder is
 * claimed (a `party_reminder_mails` row) before its mail goes out: once, whatever restarts or
 * instances do.
 */

/** Whose followed artists a reminder names: an account's (its synced browsers) or a browser's. */
export type ReminderReader = { userId: number } | { followerId: number };

/** The set times of the artists the reader follows. */
async function followedSets(deps: DomainDeps, reader: ReminderReader, eventId: number) {
  const followedBy =
    "userId" in reader
      ? sql`join followers as fo on fo.id = f.follower_id and fo.user_id = ${reader.userId}`
      : sql`and f.follower_id = ${reader.followerId}`;
  return queryRows<{ name: string; floor: string; startsAt: Date | null; endsAt: Date | null }>(
    deps.db,
    sql`
    select distinct a.name, l.floor, l.starts_at as "startsAt", l.ends_at as "endsAt", l.position
    from lineup_entries as l
    join artists as a on a.id = l.artist_id
    join follows as f on f.kind = 'artist' and f.target_id = l.artist_id ${followedBy}
    where l.event_id = ${eventId}
    order by l.position`,
  );
}

/**
 * The reminder's lines, for the mail and the push alike: start (and end), place, the followed
 * artists' sets. (The latest door word of issue 29 point 2 is not there yet.)
 */
export async function reminderLines(
  deps: DomainDeps,
  party: EventSummary,
  reader: ReminderReader,
): Promise<string[]> {
  const timeZone = deps.config.city.timeZone;
  const time = (instant: Date | null) =>
    instant ? `${formatTime(new Date(instant), timeZone)} Uhr` : "Zeit noch offen";
  const sets = (await followedSets(deps, reader, party.id)).map(
    (set) =>
      `${set.name}${set.floor ? ` (${set.floor})` : ""}: ${time(set.startsAt)}${
        set.startsAt && set.endsAt ? ` bis ${time(set.endsAt)}` : ""
      }`,
  );
  // What the party's team last said from the door tonight (decision 0221), if anything yet.
  const doorWord = await latestDoorWordOf(deps, party.id);
  return [
    `Beginn: ${formatDateTime(party.startsAt, timeZone)}${
      party.endsAt ? `, Ende: ${formatDateTime(party.endsAt, timeZone)}` : ""
    }`,
    `Ort: ${party.isOnline ? "online" : (placeWithAddress(party) ?? PLACE_TO_BE_ANNOUNCED)}`,
    ...sets,
    ...(doorWord ? [`Von der Tür (${doorWord.time}): ${doorWord.text}`] : []),
  ];
}

/** The reminder's headline: the mail's subject, the push's title. */
export const reminderTitle = (party: EventSummary) => `Heute: „${party.title}“`;

/** The reminder as a mail. */
export async function partyReminderMail(
  deps: DomainDeps,
  party: EventSummary,
  recipient: { userId: number; email: string },
): Promise<MailMessage> {
  const { html, text } = await renderMail(
    createElement(PartyReminderMail, {
      frame: await mailFrame(deps),
      title: party.title,
      lines: await reminderLines(deps, party, { userId: recipient.userId }),
      partyUrl: `${deps.config.publicUrl}${eventPath(party)}`,
      savedUrl: `${deps.config.publicUrl}${savedPartiesPath}`,
    }),
  );
  return { to: recipient.email, subject: reminderTitle(party), html, text };
}

export interface ReminderReport {
  mails: number;
  failed: number;
}

/**
 * Sends every reminder that is due: published parties (not cancelled) starting within the look-
 * ahead, whose reminder time has come, to accounts that asked and have none yet. Claimed first:
 * a failed mail is not tried again (at most once, as the change alerts). Run it under the job's
 * advisory lock.
 */
export async function sendDueReminders(
  deps: DomainDeps,
  options: { signal?: AbortSignal; onError?: (error: unknown, eventId: number) => void } = {},
): Promise<ReminderReport> {
  const now = deps.now();
  const candidates = await deps.db
    .select({
      userId: users.id,
      email: users.email,
      eventId: events.id,
      startsAt: events.startsAt,
    })
    .from(savedParties)
    .innerJoin(users, eq(users.id, savedParties.userId))
    .innerJoin(events, eq(events.id, savedParties.eventId))
    .leftJoin(
      partyReminderMails,
      and(
        eq(partyReminderMails.userId, savedParties.userId),
        eq(partyReminderMails.eventId, savedParties.eventId),
      ),
    )
    .where(
      and(
        eq(savedParties.remind, true),
        remindableParties(now),
        isNull(users.disabledAt),
        isNotNull(users.verifiedAt),
        isNull(partyReminderMails.userId),
      ),
    )
    .orderBy(asc(events.startsAt), asc(users.id));
  const report: ReminderReport = { mails: 0, failed: 0 };
  for (const { candidate: row, party } of await dueReminders(deps, candidates)) {
    if (options.signal?.aborted) break;
    const [claimed] = await deps.db
      .insert(partyReminderMails)
      .values({ userId: row.userId, eventId: row.eventId, sentAt: now })
      .onConflictDoNothing()
      .returning({ userId: partyReminderMails.userId });
    if (!claimed) continue;
    try {
      await deps.mail.send(await partyReminderMail(deps, party, row));
      report.mails++;
    } catch (error) {
      report.failed++;
      options.onError?.(new Error(errorText(error)), row.eventId);
    }
  }
  return report;
}
