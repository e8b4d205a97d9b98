/**
 * Whether a reload of kind `key` may happen now: at most once per `guardMs`, remembered in
 * sessionStorage, so a failure that keeps coming back shows its page instead of reloading
 * forever. Storage blocked: yes (the browser's own loop protection remains).
 */
export function mayReloadNow(key: string, guardMs: number, now = Date.now()): boolean {
  try {
    const last = Number(sessionStorage.getItem(key) ?? 0);
    if (now - last < guardMs) return false;
    sessionStorage.setItem(key, String(now));
  } catch {
    // Storage blocked: reload anyway.
  }
  return true;
}
