import type { FastifyRequest } from "fastify";
import { nightListQuery } from "#common/schemas/event-filters.ts";
import { themeOverrideFromCookies } from "#common/theme.ts";
import { isAuthenticatedRequest } from "#server/http/private-responses.ts";

/** Longer addresses are answered fresh, never kept (no key is longer than this). */
const MAX_CACHED_URL_LENGTH = 1024;

/** The cache buster the site's scripts append (`_=…`); no answer depends on it. */
const CACHE_BUSTER = "_";

/**
 * The query parameters the site's pages read: the listing filters (home, genre, club and
 * organiser pages), the archive page of a place and the search text.
 */
const pageQueryParams: ReadonlySet<string> = new Set([
  ...Object.keys(nightListQuery.shape),
  "archiv",
  "q",
]);

declare module "fastify" {
  interface FastifyContextConfig {
    /** The query parameters a route outside the API reads, when not the pages' (decision 0231). */
    queryParams?: ReadonlySet<string>;
  }
}

/**
 * The query parameters a routed request's answer may depend on: the names a route declares in
 * its `config.queryParams` (the embedded programme); for the API, the names its route declares
 * in its zod querystring schema; for pages, `pageQueryParams`.
 */
export function knownQueryParams(request: FastifyRequest, isApi: boolean): ReadonlySet<string> {
  const declared = request.routeOptions.config.queryParams;
  if (declared) return declared;
  if (!isApi) return pageQueryParams;
  const schema = request.routeOptions.schema?.querystring as { shape?: object } | undefined;
  return new Set(schema?.shape ? Object.keys(schema.shape) : []);
}

export interface CacheAddress {
  key: string;
  /** The names of the query parameters the address carries (the cache buster's too). */
  params: readonly string[];
}

/**
 * The page cache's key for a normalised request path (decision 0196) and the visitor's
 * `Cookie` header, or null when the address is too long to be kept. The key is the path plus
 * the query parameters sorted by name (values keep their order), so `?b=1&a=2` and `?a=2&b=1`
 * share one copy; the cache buster is left out of it. A visitor's remembered theme is rendered
 * into the page, so it is part of the key too. Whether the route reads every parameter is
 * `readsEvery`'s question: the key is the same before routing (hits, decision 0203) and after.
 */
export function cacheAddressOf(url: string, cookie: string | undefined): CacheAddress | null {
  if (url.length > MAX_CACHED_URL_LENGTH) return null;
  const queryStart = url.indexOf("?");
  const theme = themeOverrideFromCookies(cookie) ?? "auto";
  if (queryStart === -1) return { key: `${theme} ${url}`, params: [] };
  const path = url.slice(0, queryStart);
  const params: string[] = [];
  const kept: [string, string][] = [];
  for (const [name, value] of new URLSearchParams(url.slice(queryStart + 1))) {
    params.push(name);
    if (name !== CACHE_BUSTER) kept.push([name, value]);
  }
  kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const query = new URLSearchParams(kept).toString();
  return { key: `${theme} ${path}${query ? `?${query}` : ""}`, params };
}

/**
 * Whether an address may be answered from a copy made by a route reading `known`: a request
 * with any parameter its route does not read is never looked up nor kept (the route answers it
 * — for the API and the listings, with an error), so junk parameters cannot fill the cache.
 */
export function readsEvery(known: ReadonlySet<string>, address: CacheAddress): boolean {
  return address.params.every((name) => known.has(name));
}

/** False when the address carried the cache buster: such an answer is served, not kept. */
export function isStorable(address: CacheAddress): boolean {
  return !address.params.includes(CACHE_BUSTER);
}

const uncachedPaths = /^\/(assets|media)\//;
/** Paths of the JSON API: their known query parameters are their routes' (`knownQueryParams`). */
export const apiPath = /^\/api\//;

/**
 * The address of a request the cache may answer, from its method, normalised path (decision
 * 0196) and headers: GET or HEAD without a session, outside /assets and /media; null otherwise.
 */
export function cacheableAddress(
  method: string | undefined,
  url: string,
  headers: { authorization?: string; cookie?: string },
): CacheAddress | null {
  if (method !== "GET" && method !== "HEAD") return null;
  if (uncachedPaths.test(url) || isAuthenticatedRequest(headers)) return null;
  return cacheAddressOf(url, headers.cookie);
}
