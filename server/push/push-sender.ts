import type { LookupFunction } from "node:net";
import type { Config } from "#server/config.ts";
import { requestPublicUrl } from "#server/outbound/outbound-request.ts";
import { pushTargetOf } from "./push-services.ts";

/** A browser's push subscription as stored (decision 0187). */
export interface StoredPushSubscription {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * What became of one push: delivered to the push service; `gone` (404/410: the browser dropped
 * the subscription, so it is deleted); or failed otherwise (not retried: a notice is never sent
 * twice).
 */
export type PushResult =
  { outcome: "sent" } | { outcome: "gone" } | { outcome: "failed"; error: string };

export interface PushSender {
  send(subscription: StoredPushSubscription, payload: string): Promise<PushResult>;
}

/** How long a notice may wait at the push service for an offline browser: a day. */
const TIME_TO_LIVE_SECONDS = 24 * 60 * 60;
const REQUEST_TIMEOUT_MS = 10_000;
/** Push services answer with a short status text at most; anything longer is cut off. */
const MAX_ANSWER_BYTES = 64 * 1024;

/**
 * Web Push through the `web-push` library: it encrypts the payload (aes128gcm, RFC 8291) and signs
 * the VAPID header (RFC 8292). The request itself goes only to a known push service (the list in
 * push-services.ts), through the outbound guard: https on port 443 to a public address, checked
 * in the DNS answer and on the connected socket (decision 0199). The tests' local stand-in
 * (TEST_PUSH_SERVICE_URL, NODE_ENV=test only) is reached the same way, allowed by its exact
 * address and port. `lookup` stands in for the DNS in tests. The library (with its big-number
 * and ASN.1 code) loads on the first push, not in every worker that starts (decision 0206).
 */
export function createPushSender(
  config: Config,
  options: { lookup?: LookupFunction } = {},
): PushSender {
  return {
    async send(subscription, payload) {
      const target = pushTargetOf(subscription.endpoint, config.testPushService);
      if (!target) return { outcome: "failed", error: "not a known push service" };
      const { default: webpush } = await import("web-push");
      const details = webpush.generateRequestDetails(
        {
          endpoint: target.url.href,
          keys: { p256dh: subscription.p256dh, auth: subscription.auth },
        },
        payload,
        {
          vapidDetails: config.vapid,
          TTL: TIME_TO_LIVE_SECONDS,
          contentEncoding: "aes128gcm",
          urgency: "normal",
        },
      );
      const headers = Object.fromEntries(
        Object.entries(details.headers).map(([name, value]) => [name, String(value)]),
      );
      try {
        const response = await requestPublicUrl(
          target.url,
          {
            method: details.method,
            headers,
            body: details.body ? new Uint8Array(details.body) : undefined,
            timeoutMs: REQUEST_TIMEOUT_MS,
            maxResponseBytes: MAX_ANSWER_BYTES,
          },
          { ...target.guard, lookup: options.lookup },
        );
        if (response.status === 404 || response.status === 410) return { outcome: "gone" };
        if (response.status < 200 || response.status > 299) {
          return { outcome: "failed", error: `push service answered ${response.status}` };
        }
        return { outcome: "sent" };
      } catch (error) {
        return { outcome: "failed", error: error instanceof Error ? error.message : String(error) };
      }
    },
  };
}
