import { createHmac, timingSafeEqual } from "node:crypto";
import { and, asc, eq, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import { createElement } from "react";
import { formatDateTime } from "#common/dates.ts";
import { placeWithAddress } from "#common/party-place.ts";
import { changeAlertOptOutPath, eventPath } from "#common/urls.ts";
import type { Config } from "#server/config.ts";
import { partyChangeAlerts, type PartyChangeKind } from "#server/db/schema/change-alerts.ts";
import { savedParties } from "#server/db/schema/saved-parties.ts";
import { users } from "#server/db/schema/users.ts";
import { queryRows } from "#server/db/query-rows.server.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { summariesByIds } from "#server/domain/event-query/event-query-kit.server.ts";
import {
  followersOfParty,
  saversOfParty,
  sendPushToFollowers,
} from "#server/domain/follows/party-alerts.server.ts";
import { mailFrame } from "#server/domain/settings/mail-frame.server.ts";
import type { MailMessage } from "#server/mail/mailer.server.ts";
import { errorText } from "#server/mail/send-with-retry.server.ts";
import { PartyChangeMail } from "#server/mail/templates/party-change-mail.tsx";
import { renderMail } from "#server/mail/templates/render-mail.server.ts";
import { partyChangeKindOrder } from "./party-changes.server.ts";

/**
 * Change alerts (decision 0185): when a saved party's time, place or line-up changes or it is
 * cancelled, everyone who saved it gets one mail naming the changes — batched: the alert waits
 * until the edits have settled (`SETTLE_MS` after the last change, at most `MAX_WAIT_MS` after the
 * first) and never goes out twice within `MIN_GAP_MS` for one party. The alert is claimed before
 * any mail goes out, so a crash loses mails rather than sending them twice (at most once, as the
 * newsletter, decision 0043).
 */

/** Quiet time after the last change before the alert goes out. */
export const SETTLE_MS = 10 * 60_000;
/** The longest an alert waits for the edits to settle. */
export const MAX_WAIT_MS = 60 * 60_000;
/** At most one message per party per hour. */
export const MIN_GAP_MS = 60 * 60_000;

export interface ChangeAlertRecipient {
  userId: number;
  email: string;
}

/** One party's change alert, for every channel: mail here, web push where browsers saved it. */
export interface PartyChangeAlert {
  eventId: number;
  title: string;
  /** The party page, absolute. */
  url: string;
  kinds: PartyChangeKind[];
  /** A short title for the message: "Abgesagt: Nachtschicht" or "Geändert: Nachtschicht". */
  headline: string;
  /** One line per change, in German: "Neue Zeit: Sa., 21.11.2026, 23:00 Uhr", "Abgesagt" … */
  changes: string[];
  /** Accounts that saved the party and want these mails (each once). */
  mailRecipients: ChangeAlertRecipient[];
}

function optOutMac(config: Config, userId: number): string {
  return createHmac("sha256", config.tokenSecret)
    .update(`change-alerts-off:${userId}`)
    .digest("base64url");
}

/** The token of a user's opt-out link: the id and an HMAC over it; it never expires. */
export function changeAlertOptOutToken(config: Config, userId: number): string {
  return `${userId}.${optOutMac(config, userId)}`;
}

/** The user an opt-out token belongs to, or null when it is not genuine. */
export function userIdOfOptOutToken(config: Config, token: string): number | null {
  const match = /^(\d{1,10})\.([\w-]{43})$/.exec(token);
  if (!match) return null;
  const userId = Number(match[1]);
  const expected = Buffer.from(optOutMac(config, userId));
  const given = Buffer.from(match[2]!);
  return timingSafeEqual(expected, given) ? userId : null;
}

/** Turns the user's change-alert mails on or off. */
export async function setChangeAlertMails(
  deps: DomainDeps,
  userId: number,
  wanted: boolean,
): Promise<void> {
  await deps.db.update(users).set({ changeAlertMails: wanted }).where(eq(users.id, userId));
}

/** The opt-out link's action (or, `wanted`, taking it back): false when the token is not genuine. */
export async function optOutOfChangeAlerts(
  deps: DomainDeps,
  token: string,
  wanted = false,
): Promise<boolean> {
  const userId = userIdOfOptOutToken(deps.config, token);
  if (userId === null) return false;
  await setChangeAlertMails(deps, userId, wanted);
  return true;
}

/** Whose change mails an opt-out link is about, and whether they are on; null for a bad token. */
export async function changeAlertOptOutTarget(
  deps: DomainDeps,
  token: string,
): Promise<{ email: string; wanted: boolean } | null> {
  const userId = userIdOfOptOutToken(deps.config, token);
  if (userId === null) return null;
  const [user] = await deps.db
    .select({ email: users.email, wanted: users.changeAlertMails })
    .from(users)
    .where(eq(users.id, userId));
  return user ?? null;
}

/** Accounts that saved the party, are active and verified and want change mails. */
async function mailRecipients(deps: DomainDeps, eventId: number): Promise<ChangeAlertRecipient[]> {
  const rows = await deps.db
    .selectDistinct({ userId: users.id, email: users.email })
    .from(savedParties)
    .innerJoin(users, eq(users.id, savedParties.userId))
    .where(
      and(
        eq(savedParties.eventId, eventId),
        isNull(users.disabledAt),
        isNotNull(users.verifiedAt),
        eq(users.changeAlertMails, true),
      ),
    )
    .orderBy(asc(users.id));
  // One mail per address, even if two accounts should ever share one.
  const seen = new Set<string>();
  return rows.filter((row) => {
    const key = row.email.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * A party's change alert: what changed, in German, with the party as it is now, and who gets
 * the mail. Null when the party is gone or no longer public. The push channel builds its message
 * from the same object (`headline`, `changes`, `url`).
 */
export async function partyChangeAlert(
  deps: DomainDeps,
  eventId: number,
  kinds: PartyChangeKind[],
): Promise<PartyChangeAlert | null> {
  const [party] = await summariesByIds(deps, [eventId]);
  if (!party || (party.status !== "published" && party.status !== "cancelled")) return null;
  const timeZone = deps.config.city.timeZone;
  const cancelled = party.status === "cancelled";
  // A cancelled party: only that counts; other changes before it are moot.
  const ordered = cancelled
    ? (["cancelled"] as PartyChangeKind[])
    : partyChangeKindOrder.filter((kind) => kind !== "cancelled" && kinds.includes(kind));
  if (ordered.length === 0) return null;
  const changes = ordered.map((kind) => {
    switch (kind) {
      case "cancelled":
        return "Abgesagt";
      case "time":
        return `Neue Zeit: ${formatDateTime(party.startsAt, timeZone)}${
          party.endsAt ? ` bis ${formatDateTime(party.endsAt, timeZone)}` : ""
        }`;
      case "place":
        return party.isOnline
          ? "Neuer Ort: online"
          : `${party.location ? "Neuer Club" : "Neuer Ort"}: ${placeWithAddress(party) ?? "wird noch bekannt gegeben"}`;
      case "lineup":
        return "Line-up geändert";
    }
  });
  return {
    eventId,
    title: party.title,
    url: `${deps.config.publicUrl}${eventPath(party)}`,
    kinds: ordered,
    headline: `${cancelled ? "Abgesagt" : "Geändert"}: ${party.title}`,
    changes,
    mailRecipients: await mailRecipients(deps, eventId),
  };
}

/** The alert as a mail to one recipient. */
export async function changeAlertMail(
  deps: DomainDeps,
  alert: PartyChangeAlert,
  recipient: ChangeAlertRecipient,
): Promise<MailMessage> {
  const cancelled = alert.kinds.includes("cancelled");
  const optOutUrl = `${deps.config.publicUrl}${changeAlertOptOutPath(
    changeAlertOptOutToken(deps.config, recipient.userId),
  )}`;
  const { html, text } = await renderMail(
    createElement(PartyChangeMail, {
      frame: await mailFrame(deps),
      title: alert.title,
      lead: cancelled
        ? "Eine Party, die Du gemerkt hast, ist abgesagt."
        : "Bei einer Party, die Du gemerkt hast, hat sich etwas geändert:",
      changes: cancelled ? [] : alert.changes,
      partyUrl: alert.url,
      optOutUrl,
    }),
  );
  return {
    to: recipient.email,
    subject: cancelled
      ? `Abgesagt: „${alert.title}“`
      : `„${alert.title}“: ${alert.changes.map((line) => line.split(":")[0]).join(", ")}`,
    html,
    text,
  };
}

export interface ChangeAlertReport {
  alerts: number;
  mails: number;
  failed: number;
  /** Pushes to the browsers that follow the party's club, organiser, genre or artist or saved it. */
  pushes: number;
}

/**
 * The alert as a push to the party's followers (decision 0187): one per follower and alert (the
 * claim's instant is the topic), the changes as the notification's text.
 */
async function pushChangeAlert(deps: DomainDeps, alert: PartyChangeAlert, claimedAt: Date) {
  // Followers of its club, organiser, genre or artist, and browsers that saved it (decision
  // 0189): each once.
  const followerIds = [
    ...new Set([
      ...(await followersOfParty(deps, alert.eventId)),
      ...(await saversOfParty(deps, alert.eventId)),
    ]),
  ];
  if (followerIds.length === 0) return 0;
  const cancelled = alert.kinds.includes("cancelled");
  const sent = await sendPushToFollowers(deps, {
    eventId: alert.eventId,
    topic: `changed-${claimedAt.toISOString()}`,
    followerIds,
    message: {
      title: alert.headline,
      body: cancelled ? "Die Party fällt aus." : alert.changes.join(" · "),
      path: new URL(alert.url).pathname,
    },
  });
  return sent.sent;
}

/**
 * Sends every change alert that is due: claimed first (its pending changes taken, `sentAt` set),
 * then mailed to each recipient once. Run it under the job's advisory lock.
 */
export async function sendDueChangeAlerts(
  deps: DomainDeps,
  options: {
    signal?: AbortSignal;
    onError?: (error: unknown, eventId: number) => void;
  } = {},
): Promise<ChangeAlertReport> {
  const now = deps.now();
  const gapStart = new Date(now.getTime() - MIN_GAP_MS);
  const settledBefore = new Date(now.getTime() - SETTLE_MS);
  const waitedBefore = new Date(now.getTime() - MAX_WAIT_MS);
  const due = and(
    isNotNull(partyChangeAlerts.changedAt),
    or(isNull(partyChangeAlerts.sentAt), lte(partyChangeAlerts.sentAt, gapStart)),
    or(
      lte(partyChangeAlerts.lastChangedAt, settledBefore),
      lte(partyChangeAlerts.changedAt, waitedBefore),
    ),
  );
  const candidates = await deps.db
    .select({ eventId: partyChangeAlerts.eventId })
    .from(partyChangeAlerts)
    .where(due)
    .orderBy(asc(partyChangeAlerts.changedAt))
    .limit(500);
  const report: ChangeAlertReport = { alerts: 0, mails: 0, failed: 0, pushes: 0 };
  for (const { eventId } of candidates) {
    if (options.signal?.aborted) break;
    // Claim: the pending changes are taken in the statement that checks they are still due, so
    // two runners never both get them.
    const [claimed] = await queryRows<{ kinds: PartyChangeKind[] }>(
      deps.db,
      sql`
      with old as (
        select event_id, pending_kinds from party_change_alerts where event_id = ${eventId} for update)
      update party_change_alerts as a
      set pending_kinds = '[]'::jsonb, changed_at = null, last_changed_at = null,
        sent_at = ${now.toISOString()}
      from old
      where a.event_id = old.event_id and a.changed_at is not null
        and (a.sent_at is null or a.sent_at <= ${gapStart.toISOString()})
        and (a.last_changed_at <= ${settledBefore.toISOString()}
          or a.changed_at <= ${waitedBefore.toISOString()})
      returning old.pending_kinds as kinds`,
    );
    if (!claimed) continue;
    const kinds = claimed.kinds;
    const alert = await partyChangeAlert(deps, eventId, kinds);
    if (!alert) continue;
    report.alerts++;
    for (const recipient of alert.mailRecipients) {
      try {
        await deps.mail.send(await changeAlertMail(deps, alert, recipient));
        report.mails++;
      } catch (error) {
        // Not tried again: the recipient may have it already (at most once).
        report.failed++;
        options.onError?.(new Error(errorText(error)), eventId);
      }
    }
    try {
      report.pushes += await pushChangeAlert(deps, alert, now);
    } catch (error) {
      options.onError?.(error, eventId);
    }
  }
  return report;
}
