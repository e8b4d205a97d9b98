import { useSyncExternalStore } from "react";
import type { SavedParty } from "#common/schemas/saved-parties.ts";
import { savedPartiesPath } from "#common/urls.ts";
import { checkedLocalStorage } from "./checked-local-storage.ts";

/**
 * The saved parties in this browser (decision 0180): local storage under one key, written only
 * when the visitor taps a heart or their account's list arrives — never on a page load of a
 * visitor who saved nothing. What is read back is validated entry by entry by the shared schema
 * (forged or broken data is dropped) and bounded; the schema loads only once something is
 * stored (decision 0194). `owner` is the account the list mirrors, null while it belongs to the
 * browser alone.
 */

export interface StoredSavedParties {
  owner: number | null;
  parties: SavedParty[];
}

const EMPTY: StoredSavedParties = { owner: null, parties: [] };

const stored = checkedLocalStorage<StoredSavedParties>({
  key: "gemerkt",
  empty: EMPTY,
  isEmpty: (value) => value.parties.length === 0,
  loadCheck: async () => {
    const { validSavedParties } = await import("#common/schemas/saved-parties.ts");
    return (json) => {
      if (typeof json !== "object" || json === null) return EMPTY;
      const { owner, parties } = json as { owner?: unknown; parties?: unknown };
      return {
        owner: Number.isSafeInteger(owner) && (owner as number) > 0 ? (owner as number) : null,
        parties: validSavedParties(parties),
      };
    };
  },
});

/** The stored list, checked: what every change starts from. */
export const loadSavedParties = stored.load;

/**
 * Replaces the stored list; an empty one takes the key away. False when the browser refuses to
 * store (storage off or full).
 */
export const writeSavedParties = stored.write;

/**
 * The saved parties; in the server's HTML and until hydration none (pages stay the same), null
 * for the moment a stored list waits for its check.
 */
export function useSavedParties(): StoredSavedParties | null {
  return useSyncExternalStore(stored.subscribe, stored.read, () => EMPTY);
}

/** Asks the offline worker to keep the "Gemerkt" page, so the list opens without network. */
export function keepSavedPageOffline() {
  navigator.serviceWorker?.controller?.postMessage({ type: "keep-page", path: savedPartiesPath });
}
