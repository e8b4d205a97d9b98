/**
 * `headers` of the public pages (decision 0012): a CDN — and the in-memory page cache — may
 * keep them a minute and serve them up to ten minutes stale while it fetches a fresh copy;
 * browsers revalidate every time. Answers to signed-in visitors are made private by the server.
 */
const PUBLIC_PAGE_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=600";

export function publicPageHeaders() {
  return { "Cache-Control": PUBLIC_PAGE_CACHE_CONTROL };
}
