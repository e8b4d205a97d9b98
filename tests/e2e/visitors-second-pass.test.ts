import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import {
  createOrganiser,
  eventually,
  hydrated,
  login,
  open,
  settled,
  setUpBrowserFixture,
} from "./browser-fixtures.ts";

/**
 * Issue 13 "Visitors, second pass" (part A): back after logout, a device with a wrong clock,
 * offline navigation and no horizontal scroll from 320 px up.
 */

const fixture = setUpBrowserFixture();

/**
 * React's hydration mismatch (minified error #418) or a message naming hydration. Matched by
 * the error number, not by "418" anywhere: a stack trace's random port may contain it.
 */
const isHydrationError = (error: string) => /error #418\b|hydrat/i.test(error);

/** Errors the page throws or logs (React's minified #418 is a hydration mismatch). */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  return errors;
}

describe("back after logout", () => {
  it("shows the login, never a 500 or a hydration mismatch, when Back returns to /user", async () => {
    const organiser = {
      email: "zurueck@example.org",
      password: "Ein langes Passwort 2026",
      name: "Zurück",
    };
    await createOrganiser(fixture, organiser);
    await fixture.withPage({ withoutNewsletterPopup: true }, async (page) => {
      await login(fixture, page, organiser);
      const errors = collectErrors(page);
      await page.getByRole("button", { name: "Abmelden" }).click();
      await page.waitForURL(fixture.url("/"));
      await open(page, fixture.url("/club"));
      // Twice quickly: the second Back lands on /user while the document of / still loads.
      await page.goBack({ waitUntil: "commit" });
      // (The page may load the address anew meanwhile, which aborts this wait.)
      await page.goBack({ waitUntil: "commit" }).catch(() => null);
      // When that reload swallowed the second Back, the visitor is still on / and presses again.
      await eventually(async () => {
        const { pathname } = new URL(page.url());
        if (pathname === "/") await page.goBack({ waitUntil: "commit" }).catch(() => null);
        return new URL(page.url()).pathname;
      }).toBe("/user/login");
      await page.getByRole("heading", { level: 1 }).first().waitFor();
      await settled(page);
      expect(await page.getByText("Ein Fehler ist aufgetreten").count()).toBe(0);
      expect(errors.filter(isHydrationError)).toEqual([]);
    });
  });
});

describe("a device whose clock is wrong", () => {
  it("hydrates home without a mismatch, the footer's year and the consent dialog as sent", async () => {
    const sent = await (await fetch(fixture.url("/"))).text();
    const year = /© (?:<!-- -->)?(\d{4})/.exec(sent)?.[1];
    expect(year).toMatch(/^20\d\d$/);
    await fixture.withPage({ withoutNewsletterPopup: true }, async (page) => {
      // Years behind the server: a phone that lost its date.
      await page.clock.setFixedTime(new Date("2019-06-01T12:00:00Z"));
      const errors = collectErrors(page);
      await page.goto(fixture.url("/"));
      await hydrated(page);
      await settled(page);
      expect(errors.filter(isHydrationError)).toEqual([]);
      expect(await page.getByRole("contentinfo").textContent()).toContain(`© ${year} `);
      // A mismatch re-renders the whole document and drops the boot script's consent flag.
      await page.getByRole("button", { name: "Alle ablehnen" }).waitFor();
    });
  });
});

describe("offline", () => {
  /** Visits `/`, answers the consent dialog and waits until the worker keeps `/`. */
  async function visitUntilKept(page: Page) {
    await open(page, fixture.url("/"));
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: 30_000,
    });
    await eventually(() =>
      page.evaluate(async () => {
        const cache = await caches.open("pages");
        return (await cache.keys()).map((request) => new URL(request.url).pathname).sort();
      }),
    ).toEqual(["/", "/offline"]);
  }

  /** After a tap: `path` shows `heading` inside the layout, never the error page. */
  async function expectPage(page: Page, path: string, heading: string, errors: string[]) {
    await page.waitForURL(fixture.url(path));
    await page.getByRole("heading", { level: 1, name: heading }).waitFor();
    await page.waitForLoadState("load");
    expect(await page.getByText("Ein Fehler ist aufgetreten").count()).toBe(0);
    expect(await page.getByRole("banner").count()).toBe(1);
    expect(await page.getByRole("contentinfo").count()).toBe(1);
    // A page loaded as a document learns it is offline once it has hydrated: wait for both.
    await hydrated(page);
    await page.getByText("Du bist offline").first().waitFor();
    expect(errors.filter(isHydrationError)).toEqual([]);
  }

  it("shows the kept page or the offline page for a date chip, a card and a footer link", async () => {
    // The full Chromium: the headless shell's worker fetches on while offline (decision 0245).
    const options = { withoutNewsletterPopup: true, inFullChromium: true };
    await fixture.withPage(options, async (page, context) => {
      await visitUntilKept(page);
      const errors = collectErrors(page);
      await context.setOffline(true);
      await page.getByText("Du bist offline").first().waitFor();

      // Pages the worker has not kept: the offline page with the weekend's programme.
      await page.getByRole("navigation", { name: "Nächte" }).getByRole("link").nth(2).click();
      await expectPage(page, "/offline", "Das Wochenende", errors);
      // The kept home page.
      await page.goBack();
      await expectPage(page, "/", "Partys in Leipzig", errors);
      await page.getByRole("contentinfo").getByRole("link", { name: "FAQ" }).click();
      await expectPage(page, "/offline", "Das Wochenende", errors);
      await page.goBack();
      await expectPage(page, "/", "Partys in Leipzig", errors);
      await page.locator("#nachtliste article.event-card a[href^='/party/']").first().click();
      await expectPage(page, "/offline", "Das Wochenende", errors);
      // The weekend's programme stays readable offline.
      expect(await page.locator("main a[href^='/party/']").count()).toBeGreaterThan(0);
    });
  });
});

describe("narrow phones", () => {
  /** Public pages, with the first party, club and organiser page their listings link to. */
  async function publicPages(page: Page): Promise<string[]> {
    const first = async (listing: string, selector: string) => {
      await open(page, fixture.url(listing));
      return (await page.locator(selector).first().getAttribute("href"))!;
    };
    // A card of the night list: from 22:00 the "Jetzt" row above it links running parties too.
    const party = await first("/", "#nachtliste article.event-card a[href^='/party/']");
    // From their own lists: a party may be at a place without a club page.
    const club = await first("/club", "main a[href^='/club/']");
    const organiser = await first("/party-veranstalter", "main a[href^='/party-veranstalter/']");
    return [
      "/",
      "/club",
      club,
      party,
      "/party-veranstalter",
      organiser,
      "/party/genre",
      "/party/genre/techno",
      "/suche?q=techno",
      "/newsletter",
      "/impressum",
      "/datenschutzerklaerung",
      "/faq",
      "/user/login",
      "/user/registrieren",
      "/offline",
    ];
  }

  let pages: string[];
  beforeAll(async () => {
    await fixture.withPage({ withoutNewsletterPopup: true }, async (page) => {
      pages = await publicPages(page);
    });
  });

  // One test per width: the three together come near the test timeout on a loaded machine.
  it.each([320, 390, 1280])(
    "never scroll sideways at %i px; Menü and Suchen stay visible",
    async (width) => {
      const overflowing: string[] = [];
      await fixture.withPage(
        { viewport: { width, height: 800 }, withoutNewsletterPopup: true },
        async (page) => {
          for (const path of pages) {
            await open(page, fixture.url(path));
            await page.getByRole("heading", { level: 1 }).first().waitFor();
            const { scrollWidth, innerWidth } = await page.evaluate(() => ({
              scrollWidth: document.documentElement.scrollWidth,
              innerWidth: window.innerWidth,
            }));
            if (scrollWidth > innerWidth) overflowing.push(`${path}: ${scrollWidth}`);
            const menu = await page.getByRole("button", { name: "Menü" }).first().boundingBox();
            if (!menu || menu.x + menu.width > innerWidth) overflowing.push(`${path}: Menü`);
          }
          await open(page, fixture.url("/suche?q=techno"));
          const search = await page
            .getByRole("main")
            .getByRole("button", { name: "Suchen" })
            .first()
            .boundingBox();
          if (!search || search.x + search.width > width) overflowing.push("Suchen");
        },
      );
      expect(overflowing).toEqual([]);
    },
  );
});

describe("long German words on a 320 px phone", () => {
  /**
   * Words of the footer and the page heading that the browser breaks across lines where no
   * hyphen shows: each character's line is read from its rendered box, and a break is fine only
   * after a hyphen or a soft hyphen (which renders as one). Automatic hyphenation is not relied
   * on (decision 0127: this machine's Chromium has no German dictionary).
   */
  function wordsSplitWithoutHyphen(page: Page) {
    return page.evaluate(() => {
      const roots = [...document.querySelectorAll("footer, main h1")];
      const split: string[] = [];
      for (const root of roots) {
        const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const text = node.textContent ?? "";
          const lineOf = (index: number) => {
            const range = document.createRange();
            range.setStart(node, index);
            range.setEnd(node, index + 1);
            const box = range.getClientRects()[0];
            return box ? Math.round(box.top + box.height / 2) : null;
          };
          for (const match of text.matchAll(/\S+/g)) {
            const start = match.index;
            for (let index = start + 1; index < start + match[0].length; index += 1) {
              const before = lineOf(index - 1);
              const here = lineOf(index);
              const brokenHere = before !== null && here !== null && here > before;
              if (brokenHere && !/[-\u00AD]/.test(text[index - 1]!)) {
                split.push(`${match[0]} → ${text.slice(start, index)}/${text.slice(index)}`);
              }
            }
          }
        }
      }
      return split;
    });
  }

  it("breaks no word of the footer or of the legal page headings without a hyphen", async () => {
    const split: string[] = [];
    await fixture.withPage(
      { viewport: { width: 320, height: 800 }, withoutNewsletterPopup: true },
      async (page) => {
        for (const path of ["/impressum", "/datenschutzerklaerung"]) {
          await open(page, fixture.url(path));
          await page.getByRole("heading", { level: 1 }).first().waitFor();
          await settled(page);
          split.push(...(await wordsSplitWithoutHyphen(page)).map((word) => `${path}: ${word}`));
        }
      },
    );
    expect(split).toEqual([]);
  });
});
