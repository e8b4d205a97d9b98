import webpush from "web-push";
import type { Config } from "#server/config.ts";

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

/**
 * Web Push through the `web-push` library: it encrypts the payload (aes128gcm, RFC 8291) and signs
 * the VAPID header (RFC 8292); the request itself goes out with fetch, which also speaks plain
 * http — the tests' local push service on 127.0.0.1 (allowed only under NODE_ENV=test).
 */
export function createPushSender(config: Config): PushSender {
  return {
    async send(subscription, payload) {
      const details = webpush.generateRequestDetails(
        {
          endpoint: subscription.endpoint,
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
        const response = await fetch(details.endpoint, {
          method: details.method,
          headers,
          body: details.body ? new Uint8Array(details.body) : undefined,
          redirect: "error",
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
        await response.body?.cancel();
        if (response.status === 404 || response.status === 410) return { outcome: "gone" };
        if (!response.ok)
          return { outcome: "failed", error: `push service answered ${response.status}` };
        return { outcome: "sent" };
      } catch (error) {
        return { outcome: "failed", error: error instanceof Error ? error.message : String(error) };
      }
    },
  };
}
