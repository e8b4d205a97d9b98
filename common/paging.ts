import { pagingQuery } from "#common/schemas/paging.ts";

/**
 * Paged lists, one rule for the API and the site. A page number is what `pagingQuery.page`
 * accepts: a whole number from 1 to MAX_PAGE. The API answers anything else with 400
 * `{page: ["Ungültige Seite."]}` (its zod query schema); the site's loaders answer it with the
 * 404 page (`pageNumber` in app/lib/page-number.ts, SPEC §8). A page beyond the last one is
 * no error: it is simply empty.
 */

/** A `?page=`-like value: missing or empty is page 1; null when it is no valid page. */
export function parsePageNumber(value: string | null | undefined): number | null {
  if (value === null || value === undefined || value === "") return 1;
  const parsed = pagingQuery.page.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** The counts of one page of a list. */
export interface PageCounts {
  /** Items in the whole list. */
  count: number;
  /** From 1. */
  page: number;
  pageSize: number;
}

/** The number of the last page (1 for an empty list). */
export function lastPageOf({ count, pageSize }: Omit<PageCounts, "page">): number {
  return Math.max(1, Math.ceil(count / pageSize));
}

/** Whether another page follows this one. */
export function hasMorePages(counts: PageCounts): boolean {
  return counts.page < lastPageOf(counts);
}
