import { eq, sql } from "drizzle-orm";
import {
  newsletterIssues,
  newsletterSends,
  newsletterSubscribers,
} from "#server/db/schema/newsletter.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { buildIssueContent, dueWeekendStart, hasParties } from "./issue-content.server.ts";
import { renderIssue } from "./issue-mail.server.ts";

type IssueStatus = (typeof newsletterIssues.$inferSelect)["status"];

export type PreparedIssue =
  { weekendStart: string; issueId: number; status: IssueStatus } | { weekendStart: null };

/**
 * The Thursday step: when the weekend's issue is due and not there yet, it is built, frozen
 * (content and rendered mail) and given one send row per confirmed subscriber, in one
 * transaction. A weekend without parties gets an "empty" issue, and no mail.
 */
export async function prepareDueIssue(deps: DomainDeps): Promise<PreparedIssue> {
  const weekendStart = await dueWeekendStart(deps);
  if (weekendStart === null) return { weekendStart };
  const [existing] = await deps.db
    .select({ issueId: newsletterIssues.id, status: newsletterIssues.status })
    .from(newsletterIssues)
    .where(eq(newsletterIssues.weekendStart, weekendStart));
  if (existing) {
    return {
      weekendStart,
      issueId: existing.issueId,
      status:
        existing.status === "empty" ? "empty" : existing.status === "sent" ? "sent" : "sending",
    };
  }

  const content = await buildIssueContent(deps, weekendStart);
  const rendered = await renderIssue(deps, weekendStart, content);
  const empty = !hasParties(content);
  const issueId = await deps.db.transaction(async (tx) => {
    const [issue] = await tx
      .insert(newsletterIssues)
      .values({
        weekendStart,
        ...rendered,
        content,
        status: empty ? "empty" : "sending",
      })
      .onConflictDoNothing()
      .returning({ id: newsletterIssues.id });
    if (!issue || empty) return issue?.id;
    await tx.execute(sql`
      insert into ${newsletterSends} (issue_id, subscriber_id)
      select ${issue.id}, ${newsletterSubscribers.id} from ${newsletterSubscribers}
      where ${newsletterSubscribers.status} = 'confirmed'
      on conflict do nothing`);
    return issue.id;
  });
  // Another runner built it a moment ago (only possible without the job lock): take theirs.
  if (issueId === undefined) return prepareDueIssue(deps);
  return { weekendStart, issueId, status: empty ? "empty" : "sending" };
}
