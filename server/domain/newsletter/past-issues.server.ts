import { and, count, desc, eq } from "drizzle-orm";
import { newsletterIssues, type NewsletterIssueContent } from "#server/db/schema/newsletter.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { NotFoundError } from "#server/domain/errors.ts";
import { offsetOf, type Page, type PageRequest } from "#server/domain/paging.ts";

export interface PastIssueSummary {
  id: number;
  /** The Friday of the weekend it listed ("YYYY-MM-DD"). */
  weekendStart: string;
  subject: string;
  sentAt: Date | null;
}

export interface PastIssue extends PastIssueSummary {
  content: NewsletterIssueContent;
}

const summaryColumns = {
  id: newsletterIssues.id,
  weekendStart: newsletterIssues.weekendStart,
  subject: newsletterIssues.subject,
  sentAt: newsletterIssues.sentAt,
};

/** Issues that went out, newest first: readable on the site by anyone. */
export async function listPastIssues(
  deps: DomainDeps,
  pageRequest: PageRequest,
): Promise<Page<PastIssueSummary>> {
  const sent = eq(newsletterIssues.status, "sent");
  const [items, [counted]] = await Promise.all([
    deps.db
      .select(summaryColumns)
      .from(newsletterIssues)
      .where(sent)
      .orderBy(desc(newsletterIssues.weekendStart))
      .limit(pageRequest.pageSize)
      .offset(offsetOf(pageRequest)),
    deps.db.select({ count: count() }).from(newsletterIssues).where(sent),
  ]);
  return {
    count: counted?.count ?? 0,
    page: pageRequest.page,
    pageSize: pageRequest.pageSize,
    items,
  };
}

export async function getPastIssue(deps: DomainDeps, id: number): Promise<PastIssue> {
  const [issue] = await deps.db
    .select({ ...summaryColumns, content: newsletterIssues.content })
    .from(newsletterIssues)
    .where(and(eq(newsletterIssues.id, id), eq(newsletterIssues.status, "sent")));
  if (!issue) throw new NotFoundError("Diese Newsletter-Ausgabe gibt es nicht.");
  return issue;
}
