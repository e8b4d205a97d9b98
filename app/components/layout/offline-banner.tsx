import { useSyncExternalStore } from "react";

function subscribe(onChange: () => void) {
  window.addEventListener("online", onChange);
  window.addEventListener("offline", onChange);
  return () => {
    window.removeEventListener("online", onChange);
    window.removeEventListener("offline", onChange);
  };
}

/** Whether the browser says it is online; the server (and hydration) assume it is. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/** A bar under the header while the browser is offline (issue 13): pages shown are kept copies. */
export function OfflineBanner() {
  if (useOnline()) return null;
  return (
    <p
      role="status"
      className="sticky top-14 z-20 flex items-center justify-center gap-2 bg-raised px-4 py-2 text-center text-sm font-semibold"
    >
      <span aria-hidden="true" className="size-2 shrink-0 rounded-full bg-danger" />
      Du bist offline – Du siehst gespeicherte Seiten.
    </p>
  );
}
