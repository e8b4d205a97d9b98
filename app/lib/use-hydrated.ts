import { startTransition, useEffect, useState } from "react";

/** True once the page's first hydration has committed: what mounts later starts hydrated. */
let pageHydrated = false;

/**
 * False in the server's HTML and until React has hydrated, true from then on. The switch after
 * hydration is a transition (decision 0195): what appears then — a heart on every card, enabled
 * buttons — renders in React's short slices, not as one long task right after hydration, which
 * `useSyncExternalStore` forced (its client value differs from the server's, so React re-rendered
 * every caller synchronously). Components mounted after that start with true, without a flash.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(pageHydrated);
  useEffect(() => {
    pageHydrated = true;
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}
