import { PUBLIC_CACHE_CONTROL } from "#common/public-cache-control.ts";

/** `headers` of the public pages: shared caches may keep them (decision 0012). */
export function publicPageHeaders() {
  return { "Cache-Control": PUBLIC_CACHE_CONTROL };
}
