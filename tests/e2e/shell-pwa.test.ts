import { appendFileSync, cpSync, mkdtempSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { projectRoot, removeDir, startAppServer } from "./app-server.ts";
import { setUpBrowserFixture } from "./browser-fixtures.ts";
import { declineConsent } from "./consent-dialog.ts";

/**
 * The installable, offline-capable site (SPEC §1). The server runs on a private copy of the
 * build, so the test can publish a "new version" of the service worker by changing its file.
 */

let buildCopy: string | undefined;

const fixture = setUpBrowserFixture(
  () => {
    // Inside the project, so the server bundle finds node_modules (build-*/ is ignored by git).
    buildCopy = mkdtempSync(path.join(projectRoot, "build-e2e-sw-"));
    cpSync(path.resolve(projectRoot, process.env.BUILD_DIR ?? "build"), buildCopy, {
      recursive: true,
    });
    return startAppServer({ env: { BUILD_DIR: buildCopy } });
  },
  { viewport: { width: 375, height: 740 } },
);
const app = fixture.server;

afterAll(() => {
  if (buildCopy) removeDir(buildCopy);
});

/** Visits `/`, answers the consent dialog and waits until the worker controls the page. */
async function visitUntilControlled(page: Page) {
  await page.goto(`${app().url}/`);
  await declineConsent(page);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 30_000,
  });
}

describe("web app manifest", () => {
  it("names the app in German, with icons, colours, standalone display and shortcuts", async () => {
    const response = await fetch(`${app().url}/manifest.webmanifest`);
    expect(response.headers.get("content-type")).toMatch(/application\/manifest\+json/);
    const manifest = await response.json();
    expect(manifest.name).toBe("Clubkalender – Partys in Leipzig");
    expect(manifest.lang).toBe("de-DE");
    expect(manifest.start_url).toBe("/");
    expect(manifest.display).toBe("standalone");
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/);
    expect(manifest.shortcuts.map((shortcut: { name: string }) => shortcut.name)).toEqual([
      "Heute",
      "Wochenende",
    ]);
    const icons = manifest.icons as { src: string; sizes: string; purpose: string }[];
    expect(icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
      "192x192 any",
      "512x512 any",
      "512x512 maskable",
    ]);
    for (const icon of icons) {
      const file = await fetch(`${app().url}${icon.src}`);
      expect(file.status, icon.src).toBe(200);
      expect(file.headers.get("content-type")).toBe("image/png");
      await file.arrayBuffer();
    }
  });
});

describe("service worker", () => {
  it("registers after the consent answer and serves / offline with content after one visit", async () => {
    // The full Chromium: the headless shell's worker fetches on while offline (decision 0245).
    await fixture.withPage({ inFullChromium: true }, async (page) => {
      await visitUntilControlled(page);
      const script = await page.evaluate(
        async () => (await navigator.serviceWorker.ready).active?.scriptURL,
      );
      expect(script).toBe(`${app().url}/sw.js`);
      // The worker keeps the page it was installed from (and the offline page) in the background.
      await expect
        .poll(() =>
          page.evaluate(async () => {
            const cache = await caches.open("pages");
            return (await cache.keys()).map((request) => new URL(request.url).pathname).sort();
          }),
        )
        .toEqual(["/", "/offline"]);

      await page.context().setOffline(true);
      await page.reload();
      await page.getByRole("heading", { level: 1 }).first().waitFor();
      expect(await page.locator("main a[href^='/party/']").count()).toBeGreaterThan(0);

      // A page the worker has not kept: the offline page with the weekend's programme.
      await page.goto(`${app().url}/club`);
      await page.waitForURL(`${app().url}/offline`);
      await page.getByText("Du bist offline").first().waitFor();
      expect(
        await page.getByRole("heading", { level: 1, name: "Das Wochenende" }).isVisible(),
      ).toBe(true);
    });
  });

  it("reloads the page when a new version takes over", async () => {
    await fixture.withPage({}, async (page) => {
      await visitUntilControlled(page);
      await page.evaluate(() => {
        (window as unknown as { oldVersion: boolean }).oldVersion = true;
      });
      const workerFile = path.join(buildCopy!, "client", "sw.js");
      expect(readFileSync(workerFile, "utf8")).toContain("precache");
      appendFileSync(workerFile, "\n// a new version\n");

      const reloaded = page.waitForEvent("load", { timeout: 30_000 });
      await page.evaluate(async () => (await navigator.serviceWorker.ready).update());
      await reloaded;
      expect(
        await page.evaluate(() => (window as unknown as { oldVersion?: boolean }).oldVersion),
      ).toBeUndefined();
    });
  });

  it("never keeps the answers of a signed-in visitor", async () => {
    const response = await fetch(`${app().url}/`, { headers: { cookie: "auth_access=abc" } });
    await response.text();
    expect(response.headers.get("cache-control")).toBe("private, no-store");
  });
});
