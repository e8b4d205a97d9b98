import { useSyncExternalStore } from "react";

/**
 * The one message about saving a party that did not work (storage refused, list full, the
 * account not reachable). Shown by `SavedPartyNotice` only while there is one.
 */

/** Saving or removing did not reach its end (the account, or the code for it, unreachable). */
export const savingFailedText = "Das hat nicht geklappt. Bitte versuch es gleich noch einmal.";

let message: string | null = null;
const listeners = new Set<() => void>();

export function showSavedPartyNotice(next: string | null) {
  message = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const useSavedPartyNotice = () =>
  useSyncExternalStore(
    subscribe,
    () => message,
    () => null,
  );
