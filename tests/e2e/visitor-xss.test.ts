import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  launchBrowser,
  makeTempDataDir,
  removeDir,
  startAppServer,
  type AppServer,
} from "./app-server.ts";
import { fillXssCorpus, prepareDataDir } from "./visitor-data.ts";

/** Organiser text full of script payloads renders as inert text on every public page. */

/** React Router's own scripts (they carry the nonce or are modules) and the JSON-LD. */
const ownScripts =
  /<script (?:nonce|type="module"|type="application\/ld\+json")[^>]*>[\s\S]*?<\/script>/g;

let server: AppServer | undefined;
let browser: Browser | undefined;
let dataDir: string;

beforeAll(async () => {
  dataDir = makeTempDataDir();
  await prepareDataDir(dataDir, fillXssCorpus);
  server = await startAppServer({
    dataDir,
    env: { NODE_ENV: "test", TEST_FIXED_NOW: "2026-11-20T18:00:00Z" },
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close().catch(() => {});
  await server?.dispose();
  removeDir(dataDir);
});

describe("organiser text", () => {
  it("never runs as script on listing, party, club, organiser and search pages", async () => {
    const base = server!.url;
    const events = (await (await fetch(`${base}/api/events/?page_size=100`)).json()) as {
      results: {
        url: string;
        location: { id: number; slug: string };
        organizers: { id: number; slug: string }[];
      }[];
    };
    expect(events.results.length).toBeGreaterThan(10);
    const paths = [
      "/",
      "/club",
      "/party-veranstalter",
      "/suche?q=party",
      ...events.results
        .slice(0, 6)
        .flatMap((event) => [
          event.url,
          `/club/${event.location.slug}/${event.location.id}`,
          `/party-veranstalter/${event.organizers[0]!.slug}/${event.organizers[0]!.id}`,
        ]),
    ];
    const context = await browser!.newContext();
    const page = await context.newPage();
    const dialogs: string[] = [];
    page.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    for (const path of paths) {
      const response = await page.goto(`${base}${path}`);
      expect(response?.status(), path).toBe(200);
      const html = await response!.text();
      const body = html.slice(html.indexOf("<body"));
      // Every payload sets window.__xss: as text it is escaped (no "<" before it in the same tag).
      expect(body.replace(ownScripts, ""), path).not.toMatch(/<[^>]*__xss/);
      await page.waitForLoadState("networkidle");
      expect(
        await page.evaluate(() => (window as unknown as { __xss?: number }).__xss),
        path,
      ).toBeUndefined();
    }
    expect(dialogs).toEqual([]);
    await context.close();
  });
});
