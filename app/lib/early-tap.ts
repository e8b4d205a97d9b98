/**
 * A tap before the code runs (decision 0259). The page's code starts after its first paint
 * (decision 0258), so on a slow phone a visitor can tap a scripted button — the header's menu
 * toggle above all — before React listens, and the tap would be lost. The head's
 * inline script (`early-tap-boot.ts`) keeps the last tap on a `type="button"` button (one that
 * does nothing without scripts); the client entry takes it over just before it hands the page to
 * React, which from then on hydrates what is tapped first and handles the tap itself; once the
 * page has hydrated, that kept tap is repeated on its button — the same element, as hydration
 * keeps the server's elements.
 */

interface EarlyTaps {
  /** The last scripted button tapped so far. */
  last: HTMLButtonElement | null;
  /** Stops keeping taps. */
  stop: () => void;
}

declare global {
  interface Window {
    clubkalenderEarlyTaps?: EarlyTaps;
  }
}

/** In the head: keeps the last tap on a scripted button until `handEarlyTapToReact`. */
export function keepEarlyTaps(): void {
  const taps: EarlyTaps = {
    last: null,
    stop: () => document.removeEventListener("click", keep, true),
  };
  function keep(event: MouseEvent) {
    const button = event.target instanceof Element ? event.target.closest("button") : null;
    if (button?.type === "button") taps.last = button;
  }
  document.addEventListener("click", keep, true);
  window.clubkalenderEarlyTaps = taps;
}

let handedOver: HTMLButtonElement | null = null;

/** Just before `hydrateRoot`: React handles every tap from then on; the one kept waits. */
export function handEarlyTapToReact(): void {
  const taps = window.clubkalenderEarlyTaps;
  if (!taps) return;
  taps.stop();
  handedOver = taps.last;
  delete window.clubkalenderEarlyTaps;
}

/** Once the page has hydrated: repeats the kept tap, if its button is still there and usable. */
export function replayEarlyTap(): void {
  const button = handedOver;
  handedOver = null;
  if (button?.isConnected && !button.disabled) button.click();
}
