import { mayReloadNow } from "./reload-guard.ts";

/**
 * Back pressed twice while a page loads can move the address to another entry of the same
 * document before React hydrates it (issue 13: Back after logout landed on `/user` with the HTML
 * of `/`, React error #418 and the 500 page). The server writes the address it rendered on
 * `<html data-rendered-address>`; before hydrating, the browser compares it with its own
 * address and loads the current one instead when they differ — at most once per 10 s, so a
 * mismatch that keeps coming back hydrates (and shows the error page) instead of looping.
 */
const LAST_RELOAD_KEY = "address-reload-at";
const GUARD_MS = 10_000;

/**
 * An address in one form: the decoded path and the query parameters sorted by name, without
 * the cache buster — as the page cache keys its copies (server/web/cache-key.ts).
 */
function canonical(address: string): string {
  const url = new URL(address, "http://x");
  let path = url.pathname;
  try {
    path = decodeURI(path);
  } catch {
    // Kept as given.
  }
  const params = [...url.searchParams].filter(([name]) => name !== "_");
  params.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${path}?${new URLSearchParams(params).toString()}`;
}

/** Whether the HTML was rendered for the address the browser shows now. */
export function isRenderedFor(
  renderedAddress: string | undefined,
  location: Pick<Location, "pathname" | "search">,
): boolean {
  if (renderedAddress === undefined) return true;
  return canonical(renderedAddress) === canonical(`${location.pathname}${location.search}`);
}

/** Loads the current address when the HTML was rendered for another one; true if loading. */
export function reloadIfRenderedForAnotherAddress(now = Date.now()): boolean {
  if (isRenderedFor(document.documentElement.dataset.renderedAddress, window.location)) {
    return false;
  }
  if (!mayReloadNow(LAST_RELOAD_KEY, GUARD_MS, now)) return false;
  window.location.replace(window.location.href);
  return true;
}
