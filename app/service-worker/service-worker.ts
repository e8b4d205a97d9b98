/// <reference lib="webworker" />
/**
 * The offline worker (SPEC §1, decision 0023), built by vite-plugins/service-worker-plugin.ts
 * into /sw.js with the precache manifest injected. It precaches the shell (scripts, styles,
 * fonts, icons), keeps public pages network-first with their last copy for offline use, serves
 * the listing API stale-while-revalidate, shows /offline (the weekend's programme) for pages it
 * has not kept, keeps "Gemerkt" once a party is saved and the Nachtplan once a set is planned,
 * and never keeps a signed-in visitor's
 * answers. A new version takes over at once;
 * the page reloads (app/lib/use-service-worker.ts).
 */
import { clientsClaim, type WorkboxPlugin } from "workbox-core";
import { ExpirationPlugin } from "workbox-expiration";
import { cleanupOutdatedCaches, precacheAndRoute } from "workbox-precaching";
import { registerRoute, setCatchHandler } from "workbox-routing";
import { NetworkFirst, StaleWhileRevalidate } from "workbox-strategies";
import { OFFLINE_PATH } from "#common/site.ts";
import { nightPlanPath, savedPartiesPath } from "#common/urls.ts";
import {
  isCacheableResponse,
  isListingApiPath,
  isPublicPagePath,
  pagePathOfDataRequest,
} from "./cache-rules.ts";

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

const PAGES_CACHE = "pages";
const NETWORK_TIMEOUT_S = 3;
const OFFLINE_REFRESH_MS = 60 * 60 * 1000;

self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

/** Only complete public answers go into a cache. */
const publicAnswersOnly: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => (isCacheableResponse(response) ? response : null),
};

let offlineRefreshedAt = 0;
async function refreshOfflinePage() {
  offlineRefreshedAt = Date.now();
  const response = await fetch(OFFLINE_PATH, { credentials: "omit" });
  if (isCacheableResponse(response)) {
    await (await caches.open(PAGES_CACHE)).put(OFFLINE_PATH, response);
  }
}

/** While online, the offline page (the weekend's programme) is renewed at most hourly. */
const renewOfflinePage: WorkboxPlugin = {
  fetchDidSucceed: async ({ response }) => {
    if (Date.now() - offlineRefreshedAt > OFFLINE_REFRESH_MS) {
      refreshOfflinePage().catch(() => {
        offlineRefreshedAt = 0;
      });
    }
    return response;
  },
};

registerRoute(
  ({ request, url }) =>
    request.mode === "navigate" &&
    url.origin === self.location.origin &&
    isPublicPagePath(url.pathname),
  new NetworkFirst({
    cacheName: PAGES_CACHE,
    networkTimeoutSeconds: NETWORK_TIMEOUT_S,
    plugins: [
      publicAnswersOnly,
      renewOfflinePage,
      new ExpirationPlugin({ maxEntries: 80, maxAgeSeconds: 14 * 24 * 3600 }),
    ],
  }),
);

registerRoute(
  ({ url }) => {
    if (url.origin !== self.location.origin) return false;
    const page = pagePathOfDataRequest(url.pathname);
    return page !== null && isPublicPagePath(page);
  },
  new NetworkFirst({
    cacheName: "page-data",
    networkTimeoutSeconds: NETWORK_TIMEOUT_S,
    plugins: [
      publicAnswersOnly,
      new ExpirationPlugin({ maxEntries: 80, maxAgeSeconds: 14 * 24 * 3600 }),
    ],
  }),
);

registerRoute(
  ({ request, url }) =>
    url.origin === self.location.origin &&
    isListingApiPath(url.pathname) &&
    !request.headers.has("authorization"),
  new StaleWhileRevalidate({
    cacheName: "listings",
    plugins: [
      publicAnswersOnly,
      new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 7 * 24 * 3600 }),
    ],
  }),
);

registerRoute(
  ({ request, url }) => url.origin === self.location.origin && request.destination === "image",
  new StaleWhileRevalidate({
    cacheName: "images",
    plugins: [
      publicAnswersOnly,
      new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * 24 * 3600 }),
    ],
  }),
);

// A page that is neither online nor kept: on to the offline page, whose document matches its
// address (React Router hydrates the route the address names).
setCatchHandler(async ({ request, url }) => {
  if (request.mode !== "navigate") return Response.error();
  const offline = await caches.match(OFFLINE_PATH, { cacheName: PAGES_CACHE });
  if (!offline) return Response.error();
  return url?.pathname === OFFLINE_PATH ? offline : Response.redirect(OFFLINE_PATH, 302);
});

/** The pages open while the worker starts were loaded before it: keep them for offline use. */
async function keepOpenPages() {
  const cache = await caches.open(PAGES_CACHE);
  const windows = await self.clients.matchAll({ type: "window" });
  for (const client of windows) {
    const url = new URL(client.url);
    if (url.origin !== self.location.origin || !isPublicPagePath(url.pathname)) continue;
    const response = await fetch(url.href, { credentials: "same-origin" });
    if (isCacheableResponse(response)) await cache.put(url.href, response);
  }
}

/**
 * A party was saved (decision 0180) or a set planned (decision 0223): keep "Gemerkt" or the
 * Nachtplan as any visitor gets it, so the list (read from the browser's storage) opens offline.
 * Only these pages are kept on request.
 */
const pagesKeptOnRequest = new Set([savedPartiesPath, nightPlanPath]);

async function keepPageOnRequest(path: string) {
  const response = await fetch(path, { credentials: "omit" });
  if (isCacheableResponse(response)) {
    await (await caches.open(PAGES_CACHE)).put(path, response);
  }
}

self.addEventListener("message", (event) => {
  const message = event.data as { type?: unknown; path?: unknown } | null;
  if (
    message?.type === "keep-page" &&
    typeof message.path === "string" &&
    pagesKeptOnRequest.has(message.path)
  ) {
    event.waitUntil(keepPageOnRequest(message.path).catch(() => {}));
  }
});

self.addEventListener("install", (event) => {
  event.waitUntil(refreshOfflinePage().catch(() => {}));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(keepOpenPages().catch(() => {}));
});

/**
 * Party alerts (decision 0187): a push from the server names a party; the notification shows its
 * title and when/where as plain text, and a click opens the party page (this site only).
 */
interface PartyAlert {
  title: string;
  body: string;
  url: string;
  tag?: string;
}

function partyAlertOf(data: PushMessageData | null): PartyAlert | null {
  try {
    const parsed = data?.json() as Partial<PartyAlert> | undefined;
    if (typeof parsed?.title !== "string" || typeof parsed.body !== "string") return null;
    const url = new URL(typeof parsed.url === "string" ? parsed.url : "/", self.location.origin);
    return {
      title: parsed.title.slice(0, 200),
      body: parsed.body.slice(0, 300),
      url: url.origin === self.location.origin ? url.href : self.location.origin + "/",
      tag: typeof parsed.tag === "string" ? parsed.tag.slice(0, 100) : undefined,
    };
  } catch {
    return null;
  }
}

self.addEventListener("push", (event) => {
  const alert = partyAlertOf(event.data);
  if (!alert) return;
  event.waitUntil(
    self.registration.showNotification(alert.title, {
      body: alert.body,
      tag: alert.tag,
      icon: "/icons/icon-192.png",
      data: { url: alert.url },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = (event.notification.data as { url?: unknown } | null)?.url;
  const target = typeof url === "string" ? url : self.location.origin + "/";
  event.waitUntil(self.clients.openWindow(target).then(() => undefined));
});
