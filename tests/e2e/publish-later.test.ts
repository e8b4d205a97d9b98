import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  launchBrowser,
  makeTempDataDir,
  removeDir,
  startAppServer,
  type AppServer,
} from "./app-server.ts";
import { createOrganiser, loginWithoutScripts, type BrowserFixture } from "./browser-fixtures.ts";

/**
 * "Veröffentlichen am" (issue 28 point 7, decision 0236). An organiser saves a party with a
 * publication time; a second browser without an account opens the team's preview link and sees
 * the party, marked as not public, while the club's page does not list it. After a restart at a
 * later fixed clock the scheduler has published it: the club page lists it and the preview link
 * leads to the public page.
 */

const THURSDAY_NOON = "2026-11-19T11:00:00Z"; // 12:00 in Berlin
const SATURDAY_EVENING = "2026-11-21T17:01:00Z"; // 18:01 in Berlin
const title = "Überraschungsnacht";
const organiser = {
  email: "spaeter@example.org",
  password: "Erst am Samstag verraten 2026",
  name: "Geheimkollektiv",
};

let dataDir: string;
let server: AppServer | undefined;
let browser: Browser | undefined;

const fixture: BrowserFixture = {
  server: () => server!,
  browser: () => browser!,
  url: (path) => `${server!.url}${path}`,
  withPage: () => {
    throw new Error("not used here");
  },
};

const serverEnv = (now: string) => ({ NODE_ENV: "test", TEST_FIXED_NOW: now });

beforeAll(async () => {
  dataDir = makeTempDataDir();
  server = await startAppServer({ dataDir, env: serverEnv(THURSDAY_NOON) });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close().catch(() => {});
  await server?.dispose();
  removeDir(dataDir);
});

async function clubPageLists(clubPath: string): Promise<boolean> {
  const html = await (await fetch(fixture.url(clubPath))).text();
  return html.includes(title);
}

describe("publishing a party later", () => {
  it(
    "keeps it private with a working preview link until its time, then publishes it",
    { timeout: 240_000 },
    async () => {
      await createOrganiser(fixture, organiser);
      const organiserContext = await browser!.newContext({
        javaScriptEnabled: false,
        locale: "de-DE",
      });
      const page = await organiserContext.newPage();
      // The plain form, scripts off (as in series.test.ts).
      await loginWithoutScripts(fixture, page, organiser);
      await page.goto(fixture.url("/events/erstellen"));
      await page.getByLabel("Titel").fill(title);
      await page.locator("#start").fill("2026-11-28T23:00");
      await page.locator("#end").fill("2026-11-29T06:00");
      const clubLabel = (await page.locator("#club-liste option").nth(1).getAttribute("value"))!;
      await page.getByLabel("Club", { exact: true }).fill(clubLabel);
      // Not after the start: a German field error, nothing saved.
      await page.getByLabel("Veröffentlichen am").fill("2026-11-29T12:00");
      await page.getByRole("button", { name: "Party speichern" }).click();
      await page.locator('[id="publish_at-fehler"]').waitFor();
      expect(await page.locator('[id="publish_at-fehler"]').textContent()).toBe(
        "Die Party muss vor ihrem Beginn veröffentlicht werden.",
      );
      await page.getByLabel("Veröffentlichen am").fill("2026-11-21T18:00");
      await page.getByRole("button", { name: "Party speichern" }).click();
      await page.waitForURL(fixture.url("/user/events?gespeichert=1"));
      const row = page.getByRole("listitem").filter({ hasText: title });
      await row.getByText("Wird am Sa., 21.11. um 18:00 Uhr veröffentlicht").waitFor();
      const previewPath = (await row
        .getByRole("link", { name: "Vorschau ansehen" })
        .getAttribute("href"))!;
      expect(previewPath).toMatch(/^\/party\/vorschau\/[\w-]{20,}$/);
      await organiserContext.close();

      // The DJ's browser: no account, the link is enough.
      const guestContext = await browser!.newContext({ locale: "de-DE" });
      const guest = await guestContext.newPage();
      const response = await guest.goto(fixture.url(previewPath));
      expect(response!.status()).toBe(200);
      expect(response!.headers()["cache-control"]).toBe("private, no-store");
      await guest.getByRole("heading", { name: title, level: 1 }).waitFor();
      await guest.getByText("Vorschau – noch nicht öffentlich").waitFor();
      expect(await guest.locator('meta[name="robots"]').getAttribute("content")).toBe(
        "noindex, nofollow",
      );
      // The place's first link is the club's page.
      const clubPath = (await guest.locator("article dd a").first().getAttribute("href"))!;
      expect(await clubPageLists(clubPath)).toBe(false);
      const wrong = await guest.goto(fixture.url("/party/vorschau/falsch-geraten-1234567890"));
      expect(wrong!.status()).toBe(404);
      await guestContext.close();

      // Saturday 18:01: the scheduler publishes it as it starts.
      await server!.stop();
      server = await startAppServer({ dataDir, env: serverEnv(SATURDAY_EVENING) });
      // The job runs at start and then every minute of the real clock: a busy machine may need
      // the second run.
      await expect.poll(() => clubPageLists(clubPath), { timeout: 90_000 }).toBe(true);
      const redirected = await fetch(fixture.url(previewPath), { redirect: "manual" });
      expect(redirected.status).toBe(302);
      expect(redirected.headers.get("location")).toMatch(/^\/party\/[a-z-]+\/\d+$/);
    },
  );
});
