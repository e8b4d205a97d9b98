import { addDays, weekendNights } from "#common/dates.ts";
import type { SessionUser } from "#server/domain/auth/session-tokens.server.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { PermissionDeniedError } from "#server/domain/errors.ts";
import { sendWithRetry, type SendOutcome } from "#server/mail/send-with-retry.server.ts";
import { buildIssueContent } from "./issue-content.server.ts";
import { issueMailFor, renderIssue } from "./issue-mail.server.ts";

/** Stands in for a subscriber's token in previews: its links lead to the "invalid link" page. */
const PREVIEW_TOKEN = "vorschau";

function requireAdmin(user: Pick<SessionUser, "role">) {
  if (user.role !== "admin") throw new PermissionDeniedError("Nur für Admins.");
}

/** The weekend an issue built now would list (the coming one, or the running one). */
function comingWeekendStart(deps: DomainDeps): string {
  const nights = weekendNights(deps.now(), deps.config.city.timeZone);
  return addDays(nights[nights.length - 1]!, -2);
}

/** How the coming weekend's issue looks right now, as a subscriber would get it. Admins only. */
export async function previewComingIssue(deps: DomainDeps, user: Pick<SessionUser, "role">) {
  requireAdmin(user);
  const weekendStart = comingWeekendStart(deps);
  const content = await buildIssueContent(deps, weekendStart);
  const rendered = await renderIssue(deps, weekendStart, content);
  return issueMailFor(deps.config, rendered, { email: "", unsubscribeToken: PREVIEW_TOKEN });
}

/** Sends that preview to the admin's own address, marked as a test. */
export async function sendTestIssue(
  deps: DomainDeps,
  user: Pick<SessionUser, "role" | "email">,
): Promise<SendOutcome> {
  const preview = await previewComingIssue(deps, user);
  return sendWithRetry(deps.mail, {
    ...preview,
    to: user.email,
    subject: `[Test] ${preview.subject}`,
  });
}
