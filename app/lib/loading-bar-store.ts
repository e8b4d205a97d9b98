import { LOADING_BAR_THROTTLE_MS } from "#common/constants.ts";

/**
 * The loading bar's state (SPEC §8, §9): work in flight shows the bar once it has lasted
 * LOADING_BAR_THROTTLE_MS; a failed request marks it failed until the next start. Navigations
 * report through the layout; other requests through `trackRequest`.
 */
export type LoadingBarState = "idle" | "loading" | "failed";

let inFlight = 0;
let state: LoadingBarState = "idle";
let showTimer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function set(next: LoadingBarState) {
  if (next === state) return;
  state = next;
  for (const listener of listeners) listener();
}

export function subscribeLoadingBar(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function loadingBarState(): LoadingBarState {
  return state;
}

/** Some work began; the bar appears if it is still running after the throttle delay. */
export function startLoading(): void {
  inFlight += 1;
  if (inFlight > 1) return;
  clearTimeout(showTimer);
  if (state === "failed") set("idle");
  showTimer = setTimeout(() => {
    if (inFlight > 0) set("loading");
  }, LOADING_BAR_THROTTLE_MS);
}

/** Marks the bar failed (a request or a navigation ended in an error). */
export function markLoadingFailed(): void {
  clearTimeout(showTimer);
  set("failed");
}

/** Some work ended; `failed` marks the bar failed. */
export function finishLoading(failed = false): void {
  inFlight = Math.max(0, inFlight - 1);
  if (failed) {
    markLoadingFailed();
    return;
  }
  if (inFlight === 0) {
    clearTimeout(showTimer);
    if (state === "loading") set("idle");
  }
}

/** Runs a browser request under the loading bar: a thrown error or a 5xx marks it failed. */
export async function trackRequest<T>(request: Promise<T>): Promise<T> {
  startLoading();
  try {
    const result = await request;
    finishLoading(result instanceof Response && result.status >= 500);
    return result;
  } catch (error) {
    finishLoading(true);
    throw error;
  }
}
