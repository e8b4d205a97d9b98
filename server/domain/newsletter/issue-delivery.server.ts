import { and, count, eq, sql } from "drizzle-orm";
import { newsletterIssues, newsletterSends } from "#server/db/schema/newsletter.ts";
import { classifySendFailure } from "#server/mail/send-failure.ts";
import { errorText } from "#server/mail/send-with-retry.server.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import type { NewsletterIssueContent } from "#server/db/schema/newsletter.ts";
import { forYouParties } from "./for-you.server.ts";
import { issueMailFor, renderIssue, type RenderedIssue } from "./issue-mail.server.ts";
import { unsubscribeToken } from "./newsletter-tokens.server.ts";
import { queryRows } from "#server/db/query-rows.server.ts";

/** A recipient whose mail server keeps answering "try later" is given up after this many tries. */
const MAX_ATTEMPTS = 8;

export interface DeliveryOptions {
  /** Stops the run after the mails in flight (shutdown); the rest stays pending. */
  signal?: AbortSignal;
  /** Waits after a batch in which every mail failed and none was refused for good. */
  backoff?: { firstMs: number; maxMs: number };
}

export interface DeliveryReport {
  sent: number;
  failed: number;
  /** Still to send when the run stopped early (shutdown). */
  pending: number;
}

interface ClaimedSend {
  sendId: number;
  subscriberId: number;
  email: string;
  subscriberStatus: string;
  /** Linked follower: the mail gets "Für Dich" (decision 0188). */
  followerId: number | null;
}

/** An issue as frozen, with what a personal copy needs. */
interface FrozenIssue extends RenderedIssue {
  weekendStart: string;
  content: NewsletterIssueContent;
}

type SendResult = "sent" | "retry" | "failed" | "dropped";

const defaultBackoff = { firstMs: 1_000, maxMs: 5 * 60_000 };

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    }
    signal?.addEventListener("abort", done, { once: true });
  });
}

/**
 * Paces batches so that on average at most `perSecond` mails start per second (0: no limit).
 * A batch is claimed only when it may start at once, so after a crash no more than the mails
 * really in flight are in doubt.
 */
function createPacer(perSecond: number) {
  const gapMs = perSecond > 0 ? 1000 / perSecond : 0;
  let nextStart = 0;
  return (mails: number, signal?: AbortSignal) => {
    const now = Date.now();
    const start = Math.max(now, nextStart);
    nextStart = start + mails * gapMs;
    return sleep(start - now, signal);
  };
}

/**
 * Sends still claimed when their run died may have reached the mail server, so they are never
 * sent again (no doubles): they are marked failed. Only safe while holding the newsletter job's
 * lock — then no other run is sending.
 */
export async function recoverInterruptedSends(deps: DomainDeps, issueId: number): Promise<number> {
  const recovered = await deps.db
    .update(newsletterSends)
    .set({ status: "failed", lastError: "Unterbrochen während des Versands; Zustellung ungewiss." })
    .where(and(eq(newsletterSends.issueId, issueId), eq(newsletterSends.status, "claimed")))
    .returning({ id: newsletterSends.id });
  return recovered.length;
}

/** Claims the next recipients: each send row is marked before its mail goes out. */
async function claimBatch(deps: DomainDeps, issueId: number): Promise<ClaimedSend[]> {
  return queryRows<ClaimedSend>(
    deps.db,
    sql`
    update newsletter_sends as s
    set status = 'claimed', claimed_at = ${deps.now().toISOString()}, attempts = s.attempts + 1
    from newsletter_subscribers as sub
    where sub.id = s.subscriber_id and s.id in (
      select id from newsletter_sends
      where issue_id = ${issueId} and status = 'pending'
      order by attempts, id
      limit ${deps.config.newsletter.batchSize}
      for update skip locked)
    returning s.id as "sendId", sub.id as "subscriberId", sub.email, sub.status as "subscriberStatus",
      sub.follower_id as "followerId"`,
  );
}

async function settle(
  deps: DomainDeps,
  sendId: number,
  values: Partial<typeof newsletterSends.$inferInsert>,
) {
  await deps.db.update(newsletterSends).set(values).where(eq(newsletterSends.id, sendId));
}

/**
 * The recipient's copy: the frozen issue, or — for a subscriber linked to a follower whose
 * follows have parties this weekend — the issue rendered again with "Für Dich" on top.
 */
async function copyFor(
  deps: DomainDeps,
  issue: FrozenIssue,
  claimed: ClaimedSend,
): Promise<RenderedIssue> {
  if (claimed.followerId === null) return issue;
  const forYou = await forYouParties(deps, claimed.followerId, issue.weekendStart);
  if (forYou.length === 0) return issue;
  return renderIssue(deps, issue.weekendStart, issue.content, forYou);
}

async function sendOne(
  deps: DomainDeps,
  issue: FrozenIssue,
  claimed: ClaimedSend,
): Promise<SendResult> {
  if (claimed.subscriberStatus !== "confirmed") {
    await deps.db.delete(newsletterSends).where(eq(newsletterSends.id, claimed.sendId));
    return "dropped";
  }
  const message = issueMailFor(deps.config, await copyFor(deps, issue, claimed), {
    email: claimed.email,
    unsubscribeToken: unsubscribeToken(deps.config, claimed.subscriberId),
  });
  try {
    await deps.mail.send(message);
  } catch (error) {
    const kind = classifySendFailure(error);
    const lastError = errorText(error);
    if (kind === "retry") {
      // An unreachable server says nothing about the recipient: that try does not count.
      const answered = typeof (error as { responseCode?: unknown }).responseCode === "number";
      const [row] = await deps.db
        .update(newsletterSends)
        .set({
          status: answered
            ? sql`case when ${newsletterSends.attempts} >= ${MAX_ATTEMPTS}
                then 'failed'::newsletter_send_status else 'pending'::newsletter_send_status end`
            : "pending",
          attempts: answered ? newsletterSends.attempts : sql`${newsletterSends.attempts} - 1`,
          lastError,
        })
        .where(eq(newsletterSends.id, claimed.sendId))
        .returning({ status: newsletterSends.status });
      return row?.status === "failed" ? "failed" : "retry";
    }
    await settle(deps, claimed.sendId, { status: "failed", lastError });
    return "failed";
  }
  await settle(deps, claimed.sendId, { status: "sent", sentAt: deps.now(), lastError: null });
  return "sent";
}

/**
 * Sends an issue to every recipient still pending: claimed in batches, paced, a retryable failure
 * back to pending with exponential backoff while the mail server is down. Resumable at any point;
 * the issue is "sent" once no recipient is left.
 */
export async function deliverIssue(
  deps: DomainDeps,
  issueId: number,
  options: DeliveryOptions = {},
): Promise<DeliveryReport> {
  const [issue] = await deps.db
    .select({
      subject: newsletterIssues.subject,
      html: newsletterIssues.html,
      text: newsletterIssues.text,
      weekendStart: newsletterIssues.weekendStart,
      content: newsletterIssues.content,
    })
    .from(newsletterIssues)
    .where(eq(newsletterIssues.id, issueId));
  if (!issue) return { sent: 0, failed: 0, pending: 0 };
  const backoff = options.backoff ?? defaultBackoff;
  const pace = createPacer(deps.config.newsletter.mailsPerSecond);
  const report = { sent: 0, failed: 0 };
  let waitMs = 0;
  const { batchSize } = deps.config.newsletter;
  for (;;) {
    await pace(batchSize, options.signal);
    if (options.signal?.aborted) break;
    const batch = await claimBatch(deps, issueId);
    if (batch.length === 0) break;
    const results = await Promise.all(batch.map((claimed) => sendOne(deps, issue, claimed)));
    report.sent += results.filter((result) => result === "sent").length;
    report.failed += results.filter((result) => result === "failed").length;
    if (results.includes("retry") && !results.includes("sent")) {
      waitMs = Math.min(waitMs === 0 ? backoff.firstMs : waitMs * 2, backoff.maxMs);
      await sleep(waitMs, options.signal);
    } else {
      waitMs = 0;
    }
  }
  const [left] = await deps.db
    .select({ pending: count() })
    .from(newsletterSends)
    .where(and(eq(newsletterSends.issueId, issueId), eq(newsletterSends.status, "pending")));
  const pending = left?.pending ?? 0;
  if (pending === 0) {
    await deps.db
      .update(newsletterIssues)
      .set({ status: "sent", sentAt: deps.now() })
      .where(and(eq(newsletterIssues.id, issueId), eq(newsletterIssues.status, "sending")));
  }
  return { ...report, pending };
}
