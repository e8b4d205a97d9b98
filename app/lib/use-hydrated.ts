import { useSyncExternalStore } from "react";

const subscribeNever = () => () => {};

/** False in the server's HTML and until React has hydrated, true from then on. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}
