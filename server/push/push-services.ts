import type { OutboundGuard } from "#server/outbound/outbound-request.ts";

/**
 * The push services a browser's subscription may name (decision 0199) — the one list. A host
 * matches exactly or, where a service spreads over many hosts, by its suffix.
 */
export const pushServiceHosts = {
  exact: [
    // Google Firebase Cloud Messaging: Chrome, Edge on Android, Opera, Samsung Internet …
    "fcm.googleapis.com",
    // Mozilla autopush: Firefox.
    "updates.push.services.mozilla.com",
    "push.services.mozilla.com",
  ],
  suffixes: [
    // Apple: Safari (web.push.apple.com).
    ".push.apple.com",
    // Microsoft WNS: Edge on Windows.
    ".notify.windows.com",
  ],
} as const;

/**
 * The host as compared: the URL parser has already applied IDNA (full-width letters and the
 * ideographic full stop "。" become ASCII, case is folded, Unicode becomes punycode); here the
 * trailing dot of a fully qualified name goes too.
 */
const comparableHost = (hostname: string) => hostname.replace(/\.$/, "");

function isPushServiceHost(hostname: string): boolean {
  const host = comparableHost(hostname);
  return (
    pushServiceHosts.exact.some((known) => host === known) ||
    pushServiceHosts.suffixes.some((suffix) => host.endsWith(suffix) && host.length > suffix.length)
  );
}

/** Where a push may go and through which guard. */
export interface PushTarget {
  /** The endpoint with its host as compared (no trailing dot). */
  url: URL;
  guard: OutboundGuard;
}

/** Push services answer on the https port only, from public addresses. */
const pushServiceGuard: OutboundGuard = { ports: [443] };

/**
 * The target of a subscription's endpoint, or null when it is none of the push services: an
 * `https:` URL on port 443 (no other port written out), without user, password or fragment,
 * whose host is in `pushServiceHosts`. `testPushService` (TEST_PUSH_SERVICE_URL, honoured only
 * with NODE_ENV=test) adds the browser tests' local stand-in: its exact origin, plain http on
 * 127.0.0.1 allowed for that address and port alone.
 */
export function pushTargetOf(
  endpoint: string,
  testPushService: string | undefined,
): PushTarget | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return null;
  }
  if (url.username || url.password || url.hash) return null;
  if (testPushService !== undefined && url.origin === new URL(testPushService).origin) {
    const port = Number(url.port || (url.protocol === "https:" ? 443 : 80));
    return {
      url,
      guard: { ports: [], testOnlyTargets: [{ address: url.hostname, port }] },
    };
  }
  if (url.protocol !== "https:" || url.port !== "" || !isPushServiceHost(url.hostname)) {
    return null;
  }
  url.hostname = comparableHost(url.hostname);
  return { url, guard: pushServiceGuard };
}
