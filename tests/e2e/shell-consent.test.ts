import type { BrowserContext, Page, Request } from "playwright-core";
import { describe, expect, it } from "vitest";
import { hydrated, settled, setUpBrowserFixture } from "./browser-fixtures.ts";
import { acceptConsent, consentDialog, declineConsent } from "./consent-dialog.ts";

/**
 * Cookie consent (SPEC §1, §3, §4) against a server with Google Tag Manager and Microsoft
 * Clarity configured. The two providers are unreachable from the test machine: their script
 * addresses are answered in the browser with an empty script, so the test sees whether, and
 * when, the page asks for them.
 */

const gtmId = "GTM-TEST123";
const clarityId = "abcdef1234";

const fixture = setUpBrowserFixture({
  env: { GOOGLE_TAG_MANAGER_ID: gtmId, CLARITY_PROJECT_ID: clarityId },
});
const app = fixture.server;

interface Visit {
  page: Page;
  context: BrowserContext;
  /** Every request the browser made so far. */
  requests: Request[];
}

/** A desktop visitor whose every request is recorded; the providers answer with empty scripts. */
const withVisitor = (run: (visit: Visit) => Promise<void>) =>
  fixture.withPage({ viewport: { width: 1280, height: 800 } }, async (page, context) => {
    const requests: Request[] = [];
    context.on("request", (request) => requests.push(request));
    await context.route(/^https:\/\/(www\.googletagmanager\.com|www\.clarity\.ms)\//, (route) =>
      route.fulfill({ status: 200, contentType: "text/javascript", body: "/* provider */" }),
    );
    await run({ page, context, requests });
  });

const foreign = (requests: Request[]) =>
  requests.map((request) => request.url()).filter((url) => !url.startsWith(app().url));

describe("before consent", () => {
  it("nothing reaches another origin, and nothing is stored", async () => {
    await withVisitor(async ({ page, context, requests }) => {
      await page.goto(`${app().url}/`);
      await consentDialog(page).waitFor();
      // Walk around a little, as the site's code does it: another page, the menu. (A link
      // followed before hydration loads the next document, and React Router keeps the scroll
      // position of the page left in the tab's session storage.)
      await hydrated(page);
      await page.locator("main a[href^='/party/']").first().click();
      await page.waitForURL(/\/party\//);
      // Once the party page has settled: a tap on "Menü" during the navigation left the menu
      // closed once in the faster headless shell.
      await settled(page);
      await page.getByRole("button", { name: "Menü", exact: true }).click();
      await page.getByRole("dialog", { name: "Menü" }).waitFor();
      await settled(page);

      expect(foreign(requests)).toEqual([]);
      // Only the strictly necessary CSRF cookie every page hands out (SPEC §3, issue
      // "Organisers"); no consent, theme, tracking or newsletter cookie.
      expect((await context.cookies()).map((cookie) => cookie.name)).toEqual(
        expect.not.arrayContaining(["cookie_consent_settings", "theme", "newsletter-popup"]),
      );
      expect((await context.cookies()).filter((cookie) => cookie.name !== "csrftoken")).toEqual([]);
      const stored = await page.evaluate(async () => ({
        local: localStorage.length,
        session: sessionStorage.length,
        caches: (await caches.keys()).length,
        workers: (await navigator.serviceWorker.getRegistrations()).length,
      }));
      expect(stored).toEqual({ local: 0, session: 0, caches: 0, workers: 0 });
    });
  });

  it("loads the consent manager only once there is a choice to keep or apply", async () => {
    await withVisitor(async ({ page, requests }) => {
      const managerFiles = () =>
        requests
          .map((request) => new URL(request.url()).pathname)
          .filter((path) => path.includes("cookieconsent"));
      await page.goto(`${app().url}/`);
      await consentDialog(page).waitFor();
      await settled(page);
      // The open question costs the first page nothing: the banner is the page's own markup.
      expect(managerFiles()).toEqual([]);

      await declineConsent(page);
      expect(managerFiles()).toEqual(
        expect.arrayContaining([expect.stringMatching(/\.js$/), expect.stringMatching(/\.css$/)]),
      );

      // A visitor who has answered gets the manager on every page: it applies the stored choice.
      requests.length = 0;
      await page.reload();
      await settled(page);
      await expect.poll(managerFiles).toContainEqual(expect.stringMatching(/\.js$/));
    });
  });

  it("offers 'Alle ablehnen' on the first layer, as prominent as 'Alle akzeptieren'", async () => {
    await withVisitor(async ({ page }) => {
      await page.goto(`${app().url}/`);
      const dialog = consentDialog(page);
      const accept = dialog.getByRole("button", { name: "Alle akzeptieren" });
      const decline = dialog.getByRole("button", { name: "Alle ablehnen" });
      await dialog.waitFor();
      expect(await accept.isVisible()).toBe(true);
      expect(await decline.isVisible()).toBe(true);
      const look = (button: typeof accept) =>
        button.evaluate((element) => {
          const style = getComputedStyle(element);
          return [style.backgroundColor, style.color, style.fontSize, style.fontWeight];
        });
      expect(await look(decline)).toEqual(await look(accept));
    });
  });
});

describe("after consent", () => {
  it("accepting loads the tag manager and Clarity and stores the flags in cookie_consent_settings", async () => {
    await withVisitor(async ({ page, context, requests }) => {
      await page.goto(`${app().url}/`);
      await acceptConsent(page);
      await expect
        .poll(() => foreign(requests))
        .toEqual(
          expect.arrayContaining([
            `https://www.googletagmanager.com/gtm.js?id=${gtmId}`,
            `https://www.clarity.ms/tag/${clarityId}`,
          ]),
        );
      const cookie = (await context.cookies()).find(
        (entry) => entry.name === "cookie_consent_settings",
      );
      expect(cookie).toBeDefined();
      const value = JSON.parse(decodeURIComponent(cookie!.value));
      expect(value.data).toEqual({
        googleAnalytics: true,
        clarity: true,
        marketing: true,
        youtube: true,
        soundcloud: true,
        spotify: true,
      });
    });
  });

  it("declining loads nothing from another origin, and the flags say so", async () => {
    await withVisitor(async ({ page, context, requests }) => {
      await page.goto(`${app().url}/`);
      await declineConsent(page);
      await page.reload();
      await settled(page);
      expect(foreign(requests)).toEqual([]);
      const cookie = (await context.cookies()).find(
        (entry) => entry.name === "cookie_consent_settings",
      );
      expect(JSON.parse(decodeURIComponent(cookie!.value)).data.googleAnalytics).toBe(false);
    });
  });

  it("the footer's Cookie-Einstellungen reopens the dialog", async () => {
    await withVisitor(async ({ page }) => {
      await page.goto(`${app().url}/`);
      await declineConsent(page);
      await page.locator("footer").getByRole("button", { name: "Cookie-Einstellungen" }).click();
      const settings = page.getByRole("dialog", { name: "Cookie-Einstellungen" });
      await settings.waitFor();
      expect(await settings.getByRole("button", { name: "Alle ablehnen" }).isVisible()).toBe(true);
    });
  });

  it("revoking tracking reloads the page", async () => {
    await withVisitor(async ({ page }) => {
      await page.goto(`${app().url}/`);
      await acceptConsent(page);
      await page.evaluate(() => {
        (window as unknown as { beforeRevoke: boolean }).beforeRevoke = true;
      });
      await page.locator("footer").getByRole("button", { name: "Cookie-Einstellungen" }).click();
      const settings = page.getByRole("dialog", { name: "Cookie-Einstellungen" });
      await settings.waitFor();
      const reloaded = page.waitForEvent("load");
      await settings.getByRole("button", { name: "Alle ablehnen" }).click();
      await reloaded;
      expect(
        await page.evaluate(() => (window as unknown as { beforeRevoke?: boolean }).beforeRevoke),
      ).toBeUndefined();
    });
  });
});

describe("legal pages", () => {
  it("can be read without the dialog; leaving them undecided shows it", async () => {
    await withVisitor(async ({ page }) => {
      await page.goto(`${app().url}/impressum`);
      await page.getByRole("heading", { level: 1, name: "Impressum" }).waitFor();
      await settled(page);
      expect(await consentDialog(page).isVisible()).toBe(false);

      await page.locator("footer").getByRole("link", { name: "Datenschutzerklärung" }).click();
      await page.waitForURL(/datenschutzerklaerung$/);
      await settled(page);
      expect(await consentDialog(page).isVisible()).toBe(false);

      await page.getByRole("link", { name: "Clubkalender – zur Startseite" }).click();
      await consentDialog(page).waitFor();
    });
  });

  it("leaving them with analytics declined shows the dialog again; with analytics accepted not", async () => {
    await withVisitor(async ({ page }) => {
      await page.goto(`${app().url}/`);
      await declineConsent(page);
      await page.locator("footer").getByRole("link", { name: "Impressum" }).click();
      await page.waitForURL(/impressum$/);
      await page.getByRole("link", { name: "Clubkalender – zur Startseite" }).click();
      await consentDialog(page).waitFor();

      await acceptConsent(page);
      await page.locator("footer").getByRole("link", { name: "Impressum" }).click();
      await page.waitForURL(/impressum$/);
      await page.getByRole("link", { name: "Clubkalender – zur Startseite" }).click();
      await page.waitForURL(`${app().url}/`);
      await settled(page);
      expect(await consentDialog(page).isVisible()).toBe(false);
    });
  });
});

describe("external media", () => {
  it("loads the club's map once on 'Karte laden', and on every visit after 'Immer laden'", async () => {
    await withVisitor(async ({ page, context, requests }) => {
      await context.route(/^https:\/\/www\.openstreetmap\.org\//, (route) =>
        route.fulfill({ status: 200, contentType: "text/html", body: "<p>Karte</p>" }),
      );
      const clubs = await (await fetch(`${app().url}/club`)).text();
      const clubPath = /href="(\/club\/[^"/]+\/\d+)"/.exec(clubs)![1]!;
      await page.goto(`${app().url}${clubPath}`);
      await declineConsent(page);
      const placeholder = page.getByTestId("map-placeholder");
      const map = page.locator('iframe[title^="Karte: "]');
      await placeholder.waitFor();
      expect(await map.count()).toBe(0);
      expect(foreign(requests).filter((url) => url.includes("openstreetmap.org/export"))).toEqual(
        [],
      );

      await placeholder.getByRole("button", { name: "Karte laden" }).click();
      await map.waitFor();
      expect(await page.getByRole("link", { name: "OpenStreetMap-Mitwirkende" }).count()).toBe(1);
      await page.reload();
      await placeholder.waitFor();
      await settled(page);
      expect(await map.count()).toBe(0);

      await placeholder.getByRole("button", { name: "Immer laden" }).click();
      await map.waitFor();
      await page.reload();
      await map.waitFor();
      expect(await placeholder.count()).toBe(0);
    });
  });
});

describe("on an error page", () => {
  it("the banner's buttons answer as everywhere else", async () => {
    await withVisitor(async ({ page }) => {
      const response = await page.goto(`${app().url}/diese-seite-gibt-es-nicht`);
      expect(response?.status()).toBe(404);
      await hydrated(page);
      await consentDialog(page).waitFor();
      await declineConsent(page);
    });
  });
});
