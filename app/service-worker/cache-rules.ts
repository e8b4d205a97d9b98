import { PRIVATE_PATH_PREFIXES } from "#common/site.ts";

/**
 * What the service worker may keep (decision 0023): public pages and their route data, and the
 * listing API — never anything of a signed-in visitor.
 */

/** Pages of a signed-in visitor and of mailed links (tokens) are never kept. */
const privatePrefixes = [...PRIVATE_PATH_PREFIXES, "/newsletter/", "/gemerkt/aenderungs-mails"];

export function isPublicPagePath(pathname: string): boolean {
  if (pathname.startsWith("/api/") || pathname.startsWith("/media/")) return false;
  return !privatePrefixes.some(
    (prefix) =>
      pathname === prefix || pathname.startsWith(prefix.endsWith("/") ? prefix : `${prefix}/`),
  );
}

/** React Router fetches a page's data from `<path>.data` (`/_root.data` for `/`). */
export function pagePathOfDataRequest(pathname: string): string | null {
  if (!pathname.endsWith(".data")) return null;
  const page = pathname.slice(0, -".data".length);
  return page === "/_root" ? "/" : page;
}

/** The listing API of SPEC §7 (events and dates). */
export function isListingApiPath(pathname: string): boolean {
  return /^\/api\/(events|dates)\/?$/.test(pathname);
}

/** A complete, public answer: 200 from our origin, not marked private or no-store. */
export function isCacheableResponse(response: Response): boolean {
  if (response.status !== 200 || response.type === "opaque") return false;
  const cacheControl = response.headers.get("cache-control") ?? "";
  return !/\b(private|no-store)\b/i.test(cacheControl);
}
