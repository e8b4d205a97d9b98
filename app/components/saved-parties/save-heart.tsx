import { useRouteLoaderData } from "react-router";
import type { SavedParty } from "#common/schemas/saved-parties.ts";
import { useSavedParties } from "#app/lib/saved-parties-store.ts";
import { savingFailedText, showSavedPartyNotice } from "#app/lib/saved-party-notice.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { HeartIcon } from "#app/components/layout/icons.tsx";

/** The signed-in visitor's id from the root loader, or null. */
export function useSignedInUserId(): number | null {
  const root = useRouteLoaderData("root") as { user?: { id: number } | null } | undefined;
  return root?.user?.id ?? null;
}

/**
 * The heart on cards and the party page (decision 0180): a real toggle button ("Merken" /
 * "Gemerkt", aria-pressed), 44 px, keyboard-usable. It appears once the page has hydrated — its
 * state lives in the browser, so the server's HTML is the same for everybody, and without
 * JavaScript there is nothing it could do.
 */
export function SaveHeart({
  party,
  variant,
  onToggled,
}: {
  /** What the browser keeps; made on tap, so a card costs nothing until then. */
  party: () => SavedParty;
  variant: "card" | "page";
  /** Called once a tap's change is done (stored, and sent to the account). */
  onToggled?: () => void;
}) {
  const hydrated = useHydrated();
  const stored = useSavedParties();
  const userId = useSignedInUserId();
  if (!hydrated || stored === null) return null;
  const entry = party();
  const saved = stored.parties.some((saved) => saved.id === entry.id);
  const label = saved ? "Gemerkt" : "Merken";
  return (
    <button
      type="button"
      aria-pressed={saved}
      aria-label={variant === "card" ? `${label}: ${entry.title}` : undefined}
      title={variant === "card" ? label : undefined}
      onClick={() => void saveOrRemove(entry, userId).then(onToggled)}
      className={
        variant === "card"
          ? "save-heart relative z-10 inline-flex size-11 items-center justify-center rounded-full bg-paper/90 text-ink shadow-sm transition-transform hover:scale-105 aria-pressed:text-accent"
          : "save-heart inline-flex min-h-11 items-center gap-2 rounded-full border border-line px-5 font-semibold hover:border-ink aria-pressed:border-accent aria-pressed:text-accent"
      }
    >
      <HeartIcon filled={saved} className="size-6" />
      {variant === "page" ? label : null}
    </button>
  );
}

/**
 * The heart's work (the schemas, the account and follower calls) loads on the first tap, not
 * with every page: most visitors never tap a heart (decision 0194).
 */
async function saveOrRemove(party: SavedParty, userId: number | null) {
  const heart = await import("#app/lib/toggle-saved-party.ts").catch(() => null);
  if (heart === null) showSavedPartyNotice(savingFailedText);
  else await heart.toggleSavedParty(party, userId);
}
