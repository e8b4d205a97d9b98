import { parsePageNumber } from "#common/paging.ts";
import { notFound } from "./route-params.ts";

/**
 * A `?page=`-like number of a site page (missing = 1). Anything common/paging.ts does not take as
 * a page number — 0, negative, above MAX_PAGE, not a whole number — is the 404 page (SPEC §8:
 * a failed parameter is a 404; clamping would serve one list under many addresses). A page
 * beyond the last one is an empty list.
 */
export function pageNumber(url: URL, name = "page"): number {
  return parsePageNumber(url.searchParams.get(name)) ?? notFound();
}
