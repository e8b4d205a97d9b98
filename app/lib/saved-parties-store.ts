import { useSyncExternalStore } from "react";
import { validSavedParties, type SavedParty } from "#common/schemas/saved-parties.ts";

/**
 * The saved parties in this browser (decision 0180): local storage under one key, written only
 * when the visitor taps a heart or their account's list arrives — never on a page load of a
 * visitor who saved nothing. What is read back is validated entry by entry (forged or broken
 * data is dropped) and bounded. `owner` is the account the list mirrors, null while it belongs
 * to the browser alone.
 */

const STORAGE_KEY = "gemerkt";

export interface StoredSavedParties {
  owner: number | null;
  parties: SavedParty[];
}

const EMPTY: StoredSavedParties = { owner: null, parties: [] };
const listeners = new Set<() => void>();

let lastRaw: string | null = null;
let lastValue: StoredSavedParties = EMPTY;

function readRaw(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

function parse(raw: string | null): StoredSavedParties {
  if (raw === null) return EMPTY;
  try {
    const stored: unknown = JSON.parse(raw);
    if (typeof stored !== "object" || stored === null) return EMPTY;
    const { owner, parties } = stored as { owner?: unknown; parties?: unknown };
    return {
      owner: Number.isSafeInteger(owner) && (owner as number) > 0 ? (owner as number) : null,
      parties: validSavedParties(parties),
    };
  } catch {
    return EMPTY;
  }
}

/** The stored list (the same object until it changes, as React's store snapshots must be). */
export function readSavedParties(): StoredSavedParties {
  const raw = readRaw();
  if (raw !== lastRaw) {
    lastRaw = raw;
    lastValue = parse(raw);
  }
  return lastValue;
}

/**
 * Replaces the stored list; an empty one takes the key away. False when the browser refuses to
 * store (storage off or full).
 */
export function writeSavedParties(next: StoredSavedParties): boolean {
  try {
    if (next.parties.length === 0) window.localStorage.removeItem(STORAGE_KEY);
    else window.localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  } catch {
    return false;
  }
  for (const listener of listeners) listener();
  return true;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab saved or removed a party.
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEY || event.key === null) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** The saved parties; in the server's HTML and until hydration none (pages stay the same). */
export function useSavedParties(): StoredSavedParties {
  return useSyncExternalStore(subscribe, readSavedParties, () => EMPTY);
}
