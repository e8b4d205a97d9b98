import { eq } from "drizzle-orm";
import { newsletterIssues } from "#server/db/schema/newsletter.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { deliverOwedConfirmationMails } from "./confirmation-mail.server.ts";
import { deleteExpiredSignups } from "./expired-signups.server.ts";
import {
  deliverIssue,
  recoverInterruptedSends,
  type DeliveryOptions,
} from "./issue-delivery.server.ts";
import { prepareDueIssue } from "./weekend-issue.server.ts";

export interface DutiesReport {
  expiredSignupsDeleted: number;
  confirmationMailsSent: number;
  /** The weekend whose issue was due in this run, if any. */
  dueWeekend: string | null;
  issues: { issueId: number; interrupted: number; sent: number; failed: number; pending: number }[];
}

/**
 * Everything the newsletter does by itself, in one idempotent run: delete expired sign-ups,
 * deliver owed confirmation mails, build the weekend's issue on Thursday, and send every issue not
 * yet sent — resuming one a crash interrupted. The caller makes sure only one run is active
 * (server/jobs/newsletter-job.server.ts).
 */
export async function runNewsletterDuties(
  deps: DomainDeps,
  options: DeliveryOptions = {},
): Promise<DutiesReport> {
  const expiredSignupsDeleted = await deleteExpiredSignups(deps);
  const confirmationMailsSent = await deliverOwedConfirmationMails(deps);
  const due = await prepareDueIssue(deps);
  const sending = await deps.db
    .select({ id: newsletterIssues.id })
    .from(newsletterIssues)
    .where(eq(newsletterIssues.status, "sending"))
    .orderBy(newsletterIssues.id);
  const issues: DutiesReport["issues"] = [];
  for (const { id } of sending) {
    if (options.signal?.aborted) break;
    const interrupted = await recoverInterruptedSends(deps, id);
    issues.push({ issueId: id, interrupted, ...(await deliverIssue(deps, id, options)) });
  }
  return { expiredSignupsDeleted, confirmationMailsSent, dueWeekend: due.weekendStart, issues };
}
