import type { Page } from "playwright-core";
import type { LocalPushService } from "#tests/setup/push-service.ts";

/**
 * Stands in for the browser's push service (headless Chromium has none): `subscribe()` answers
 * the local push service's keys under `path`, so the server's real web-push reaches it.
 */
export async function fakePushManager(page: Page, push: LocalPushService, path: string) {
  const subscription = push.subscription(path);
  await page.addInitScript((json) => {
    let current: PushSubscription | null = null;
    PushManager.prototype.subscribe = async function subscribe() {
      current = {
        endpoint: json.endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey: null },
        getKey: () => null,
        toJSON: () => json,
        unsubscribe: async () => {
          current = null;
          return true;
        },
      } as unknown as PushSubscription;
      return current;
    };
    PushManager.prototype.getSubscription = async function getSubscription() {
      return current;
    };
  }, subscription);
}
