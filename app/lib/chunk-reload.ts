import { CHUNK_RELOAD_GUARD_MS } from "#common/constants.ts";
import { mayReloadNow } from "./reload-guard.ts";

/**
 * SPEC §8: when a code chunk fails to load (usually a new version was deployed while the page
 * was open), the page reloads to get the new one — at most once per 60 s, so a chunk that is
 * really gone shows the error page instead of reloading forever. The time of the last reload is
 * kept in sessionStorage, written only when such a failure happens.
 */
const LAST_RELOAD_KEY = "chunk-reload-at";

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|ChunkLoadError|Unable to preload CSS|Loading chunk \S+ failed/i.test(
    message,
  );
}

/** Reloads for a chunk-load error unless that happened less than 60 s ago; true if reloading. */
export function reloadForChunkError(error: unknown, now = Date.now()): boolean {
  if (!isChunkLoadError(error)) return false;
  if (!mayReloadNow(LAST_RELOAD_KEY, CHUNK_RELOAD_GUARD_MS, now)) return false;
  window.location.reload();
  return true;
}

/** Vite reports failed preloads of lazily imported chunks as `vite:preloadError`. */
export function reloadOnPreloadErrors(): () => void {
  const onPreloadError = (event: Event) => {
    const { payload } = event as Event & { payload?: unknown };
    if (reloadForChunkError(payload ?? new Error("Unable to preload CSS"))) event.preventDefault();
  };
  window.addEventListener("vite:preloadError", onPreloadError);
  return () => window.removeEventListener("vite:preloadError", onPreloadError);
}
