import { useEffect, useState } from "react";
import {
  chooseListingView,
  rememberedListingView,
  type ListingView,
} from "#app/lib/listing-view.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";

const choices: { view: ListingView; label: string }[] = [
  { view: "list", label: "Liste" },
  { view: "grid", label: "Kacheln" },
];

/**
 * The phone listing's switch between the compact list and the card grid (decision 0133),
 * remembered in this browser. Only on phones, and only with JavaScript (without it the list
 * is all there is).
 */
export function ListingViewSwitch() {
  const hydrated = useHydrated();
  const [view, setView] = useState<ListingView>("list");
  useEffect(() => setView(rememberedListingView()), []);
  if (!hydrated) return null;
  return (
    <div role="group" aria-label="Ansicht" className="flex gap-1 sm:hidden">
      {choices.map((choice) => (
        <button
          key={choice.view}
          type="button"
          aria-pressed={view === choice.view}
          onClick={() => {
            chooseListingView(choice.view);
            setView(choice.view);
          }}
          className="min-h-11 rounded-full border border-line px-3 text-sm font-semibold aria-pressed:border-ink aria-pressed:bg-ink aria-pressed:text-paper"
        >
          {choice.label}
        </button>
      ))}
    </div>
  );
}
