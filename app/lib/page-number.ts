import { MAX_PAGE } from "#common/schemas/paging.ts";
import { notFound } from "./route-params.ts";

/** A `?page=`-like number from 1 (missing = 1); anything else is the 404 page. */
export function pageNumber(url: URL, name = "page"): number {
  const value = url.searchParams.get(name);
  if (value === null || value === "") return 1;
  if (!/^\d{1,6}$/.test(value)) notFound();
  const page = Number(value);
  if (page < 1 || page > MAX_PAGE) notFound();
  return page;
}
