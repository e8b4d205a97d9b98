import { useEffect, useState } from "react";
import { followMessages } from "#common/schemas/follows.ts";
import {
  ensureFollowerSecret,
  followerApi,
  loadFollows,
  syncSavedPartiesToFollower,
} from "./follows-store.ts";
import { showSavedPartyNotice } from "./saved-party-notice.ts";

/**
 * Web Push for the follows (decision 0187). Permission is asked only inside the click handler of
 * "Benachrichtigungen einschalten", never on load; the subscription goes to the server with the
 * follower's secret.
 */

export const pushSupported = () =>
  typeof window !== "undefined" &&
  "serviceWorker" in navigator &&
  "PushManager" in window &&
  "Notification" in window;

async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (!pushSupported()) return null;
  return navigator.serviceWorker.ready;
}

/** Whether this browser has a push subscription the server knows of (a follower's). */
export async function pushSubscribed(): Promise<boolean> {
  // getRegistration, not ready: without a worker (development) ready never settles.
  const found = pushSupported() ? await navigator.serviceWorker.getRegistration() : undefined;
  const current = found ? await found.pushManager.getSubscription() : null;
  const { secret } = await loadFollows();
  return current !== null && secret !== null;
}

/** Whether this browser has a push subscription (checked after hydration). */
export function usePushSubscribed(): [boolean | null, (value: boolean) => void] {
  const [subscribed, setSubscribed] = useState<boolean | null>(null);
  useEffect(() => {
    let live = true;
    void (async () => {
      const subscribed = await pushSubscribed();
      if (live) setSubscribed(subscribed);
    })();
    return () => {
      live = false;
    };
  }, []);
  return [subscribed, setSubscribed];
}

/** Asks for permission (from a click), subscribes and tells the server. True when on. */
export async function enablePush(): Promise<boolean> {
  if (!pushSupported()) {
    showSavedPartyNotice(followMessages.pushUnsupported);
    return false;
  }
  const permission = await Notification.requestPermission();
  if (permission !== "granted") {
    showSavedPartyNotice(followMessages.pushDenied);
    return false;
  }
  try {
    const ready = await registration();
    const keyAnswer = await fetch("/api/push/public-key/", { credentials: "omit" });
    const { public_key: publicKey } = (await keyAnswer.json()) as { public_key: string };
    const subscription =
      (await ready!.pushManager.getSubscription()) ??
      (await ready!.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: publicKey,
      }));
    const secret = await ensureFollowerSecret();
    if (!secret) return false;
    const answer = await followerApi(
      "follower/push/",
      { secret, subscription: subscription.toJSON() },
      "PUT",
    );
    if (answer?.status !== 204) {
      showSavedPartyNotice(
        answer?.status === 400 ? followMessages.badEndpoint : followMessages.unreachable,
      );
      return false;
    }
    showSavedPartyNotice(null);
    // A follower made before it sent its saved parties: bring the server's copy up to date.
    await syncSavedPartiesToFollower();
    return true;
  } catch {
    showSavedPartyNotice(followMessages.unreachable);
    return false;
  }
}

/** Unsubscribes this browser and tells the server. */
export async function disablePush(): Promise<void> {
  const ready = await registration();
  const subscription = ready ? await ready.pushManager.getSubscription() : null;
  const { secret } = await loadFollows();
  if (subscription) {
    if (secret) {
      await followerApi("follower/push/remove/", { secret, endpoint: subscription.endpoint });
    }
    await subscription.unsubscribe().catch(() => false);
  }
}
