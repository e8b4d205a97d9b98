import { useEffect, useSyncExternalStore } from "react";
import { useNavigation } from "react-router";
import { LOADING_BAR_DURATION_MS } from "#common/constants.ts";
import {
  finishLoading,
  loadingBarState,
  startLoading,
  subscribeLoadingBar,
  type LoadingBarState,
} from "#app/lib/loading-bar-store.ts";

const serverState = (): LoadingBarState => "idle";

/** The thin bar at the top while a page loads (SPEC §8, §9); red when a request failed. */
export function LoadingBar() {
  const busy = useNavigation().state !== "idle";
  useEffect(() => {
    if (!busy) return;
    startLoading();
    return () => finishLoading();
  }, [busy]);
  const state = useSyncExternalStore(subscribeLoadingBar, loadingBarState, serverState);

  return (
    <div
      aria-hidden="true"
      data-testid="loading-bar"
      data-state={state}
      className="pointer-events-none fixed inset-x-0 top-0 z-[60] h-[3px]"
    >
      {state === "idle" ? null : (
        <div
          className={
            state === "failed"
              ? "h-full w-full bg-danger"
              : "h-full w-full origin-left bg-accent shadow-[0_0_12px_var(--accent)]"
          }
          style={
            state === "loading"
              ? { animation: `loading-bar-grow ${LOADING_BAR_DURATION_MS}ms ease-out forwards` }
              : undefined
          }
        />
      )}
    </div>
  );
}
