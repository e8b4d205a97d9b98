/**
 * `Cache-Control` of public pages and public GET endpoints of the API (decisions 0012, 0100): a
 * CDN — and the in-memory page cache — may keep them a minute and serve them up to ten minutes
 * stale while it fetches a fresh copy; browsers revalidate every time (ETag). Answers to
 * signed-in visitors are made private by the server.
 */
export const PUBLIC_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=600";
