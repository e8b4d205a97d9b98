import { z } from "./german-errors.ts";
import { text } from "./text.ts";
import { searchText } from "./event-filters.ts";
import { pagingQuery } from "./paging.ts";

/** GET /api/search/autocomplete/ and /api/search/pages/: `q`, empty or short finds nothing. */
export const autocompleteQuery = z.strictObject({
  q: searchText.default(""),
  _: text().max(32).optional(),
});

/** GET /api/search/ and the results page: `q` plus paging of the parties found. */
export const searchQuery = z.strictObject({
  ...pagingQuery,
  q: searchText.default(""),
  _: text().max(32).optional(),
});
