import { useSyncExternalStore } from "react";

/**
 * The one message about saving a party that did not work (storage refused, list full, the
 * account not reachable). Shown by `SavedPartyNotice` only while there is one.
 */

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
