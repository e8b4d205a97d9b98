import { useState } from "react";
import {
  chooseListingView,
  rememberedListingView,
  type ListingView,
} from "#app/lib/listing-view.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";

/**
 * The phone listing's toggle between the compact list and the card grid ("Kacheln", pressed
 * for the grid; decision 0133), remembered in this browser. Only on phones, and only with
 * JavaScript (without it the list is all there is).
 */
export function ListingViewSwitch() {
  const hydrated = useHydrated();
  // Read in the browser only (on the server storage is missing and this reads "list"); the
  // button renders after hydration, so both agree.
  const [view, setView] = useState<ListingView>(rememberedListingView);
  if (!hydrated) return null;
  const grid = view === "grid";
  return (
    <button
      type="button"
      aria-pressed={grid}
      onClick={() => {
        const next = grid ? "list" : "grid";
        chooseListingView(next);
        setView(next);
      }}
      className="min-h-11 rounded-full border border-line px-4 text-sm font-semibold aria-pressed:border-ink aria-pressed:bg-ink aria-pressed:text-paper sm:hidden"
    >
      Kacheln
    </button>
  );
}
