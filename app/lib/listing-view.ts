/**
 * The phone listing's view (decision 0133): the compact list by default, the card grid when the
 * visitor chose it. Remembered in local storage, never in a cookie, so anonymous pages stay
 * cookie-free and one cached page serves everybody; anything but "grid" read back is the list.
 */
export type ListingView = "list" | "grid";

const STORAGE_KEY = "listing-view";

export function rememberedListingView(): ListingView {
  try {
    return localStorage.getItem(STORAGE_KEY) === "grid" ? "grid" : "list";
  } catch {
    // Storage may be off (private mode, blocked): the default view.
    return "list";
  }
}

/** Shows `view` at once (html[data-view]) and remembers it. */
export function chooseListingView(view: ListingView): void {
  if (view === "grid") document.documentElement.dataset.view = "grid";
  else delete document.documentElement.dataset.view;
  try {
    localStorage.setItem(STORAGE_KEY, view);
  } catch {
    // Not remembered, still shown.
  }
}
