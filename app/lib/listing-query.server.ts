import { nightListQuery, type NightListQuery } from "#common/schemas/event-filters.ts";
import { notFound } from "./route-params.ts";

/**
 * The listing filters of a page URL (the same names as GET /api/dates/). A query that fails
 * validation is the 404 page (SPEC §8: failed page validation).
 */
export function listingQueryOf(url: URL): NightListQuery {
  const raw: Record<string, string | string[]> = {};
  for (const key of new Set(url.searchParams.keys())) {
    const values = url.searchParams.getAll(key).filter((value) => value !== "");
    if (values.length === 0) continue;
    raw[key] = values.length === 1 ? values[0]! : values;
  }
  const parsed = nightListQuery.safeParse(raw);
  if (!parsed.success) notFound();
  return parsed.data;
}

/** The query string of the filters alone (no page), for links and GET /api/dates/. */
export function filterQueryString(url: URL): string {
  const params = new URLSearchParams(url.search);
  params.delete("page");
  params.delete("_");
  return params.toString();
}
