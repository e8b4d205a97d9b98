import type { FastifyRequest } from "fastify";
import { nightListQuery } from "#common/schemas/event-filters.ts";
import { themeOverrideFromCookies } from "#common/theme.ts";

/** Longer addresses are answered fresh, never kept (no key is longer than this). */
const MAX_CACHED_URL_LENGTH = 1024;

/** The cache buster the site's scripts append (`_=…`); no answer depends on it. */
const CACHE_BUSTER = "_";

/**
 * The query parameters the site's pages read: the listing filters (home, genre, club and
 * organiser pages), the archive page of a place and the search text.
 */
const pageQueryParams = new Set([...Object.keys(nightListQuery.shape), "archiv", "q"]);

/** The parameter names an API route declares in its zod querystring schema, if any. */
function apiQueryParams(request: FastifyRequest): ReadonlySet<string> {
  const schema = request.routeOptions.schema?.querystring as { shape?: object } | undefined;
  return new Set(schema?.shape ? Object.keys(schema.shape) : []);
}

export interface CacheKey {
  key: string;
  /** False when the address carried the cache buster: such an answer is served, not kept. */
  storable: boolean;
}

/**
 * The page cache's key for a request, or null when the request is answered fresh. The key is
 * the path plus the known query parameters sorted by name (values keep their order), so
 * `?b=1&a=2` and `?a=2&b=1` share one copy and junk parameters cannot fill the cache: a request
 * with any parameter its route does not read is never looked up nor kept (the route answers it
 * — for the API and the listings, with an error). The cache buster, where a route accepts it,
 * is left out of the key. A visitor's remembered theme is rendered into
 * the page, so it is part of the key too.
 */
export function cacheKeyOf(request: FastifyRequest, isApi: boolean): CacheKey | null {
  if (request.url.length > MAX_CACHED_URL_LENGTH) return null;
  const queryStart = request.url.indexOf("?");
  const path = queryStart === -1 ? request.url : request.url.slice(0, queryStart);
  const params = new URLSearchParams(queryStart === -1 ? "" : request.url.slice(queryStart + 1));
  const known = isApi ? apiQueryParams(request) : pageQueryParams;
  let storable = true;
  const kept: [string, string][] = [];
  for (const [name, value] of params) {
    if (!known.has(name)) return null;
    if (name === CACHE_BUSTER) storable = false;
    else kept.push([name, value]);
  }
  kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const query = new URLSearchParams(kept).toString();
  const theme = themeOverrideFromCookies(request.headers.cookie) ?? "auto";
  return { key: `${theme} ${path}${query ? `?${query}` : ""}`, storable };
}
