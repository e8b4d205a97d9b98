import { mayReloadNow } from "./reload-guard.ts";

/**
 * Client navigation while offline (issue 13): React Router fetches the next page's data
 * (`<path>.data`) and the route manifest with `fetch`; without network and without a kept copy
 * that fails with a TypeError, which used to end in the 500 page. Such a failure shows the
 * offline page inside the layout and loads the address as a document once: the service worker
 * answers that with its kept copy of the page or with /offline (the weekend's programme).
 */
const LAST_RELOAD_KEY = "offline-reload-at";
const GUARD_MS = 10_000;

/** A request that never got an answer (offline, server unreachable), not an error answer. */
export function isNetworkFailure(error: unknown): boolean {
  return (
    error instanceof TypeError &&
    /failed to fetch|networkerror|network error|load failed|network request failed/i.test(
      error.message,
    )
  );
}

/**
 * Loads the address as a document when a service worker can answer it, at most once per address
 * in 10 s; true if loading.
 */
export function loadKeptCopy(now = Date.now()): boolean {
  if (!navigator.serviceWorker?.controller) return false;
  const address = `${window.location.pathname}${window.location.search}`;
  if (!mayReloadNow(`${LAST_RELOAD_KEY}:${address}`, GUARD_MS, now)) return false;
  window.location.reload();
  return true;
}
