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

interface ListedEvent {
  url: string;
  location: { id: number; slug: string };
  organizers: { id: number; slug: string }[];
}

let listing: Promise<ListedEvent[]> | undefined;

/** The listed parties, asked for once for the tests that walk their pages. */
async function listedEvents(): Promise<ListedEvent[]> {
  listing ??= fetch(`${server!.url}/api/events/?page_size=100`)
    .then((response) => response.json() as Promise<{ results: ListedEvent[] }>)
    .then((body) => body.results);
  const events = await listing;
  expect(events.length).toBeGreaterThan(10);
  return events;
}

/** Loads each path in one page: no payload in a tag, none run, no dialog opened. */
async function expectInertOn(paths: string[]) {
  const context = await browser!.newContext();
  const page = await context.newPage();
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  for (const path of paths) {
    const response = await page.goto(`${server!.url}${path}`);
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
}

// Split by pages (22 in one test took half its limit with two browser files at a time).
describe("organiser text", () => {
  it("never runs as script on the listing and search pages", async () => {
    await expectInertOn(["/", "/club", "/party-veranstalter", "/suche?q=party"]);
  });

  it.each([
    [1, 3],
    [4, 6],
  ])(
    "never runs as script on the pages of parties %i to %i, their clubs and organisers",
    async (first, last) => {
      const events = (await listedEvents()).slice(first - 1, last);
      await expectInertOn(
        events.flatMap((event) => [
          event.url,
          `/club/${event.location.slug}/${event.location.id}`,
          `/party-veranstalter/${event.organizers[0]!.slug}/${event.organizers[0]!.id}`,
        ]),
      );
    },
  );
});
