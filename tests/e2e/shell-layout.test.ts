import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { themeAt } from "#common/theme.ts";
import { hydrated, settled, setUpBrowserFixture } from "./browser-fixtures.ts";

/**
 * The app shell as a visitor meets it (issue "App shell"): skip link, header, menu, footer,
 * theme, legal pages. One server (demo data, social links configured) and one browser.
 */

const leipzig = { lat: 51.3397, lng: 12.3731 };
const slogan = "Seid lieb zueinander, denn bunt ist schöner als braun.";

const fixture = setUpBrowserFixture(
  {
    env: {
      SOCIAL_INSTAGRAM_URL: "https://www.instagram.com/clubkalender.test",
      SOCIAL_TIKTOK_URL: "https://www.tiktok.com/@clubkalender.test",
      SOCIAL_FACEBOOK_URL: "https://www.facebook.com/clubkalender.test",
      SOCIAL_WHATSAPP_URL: "https://whatsapp.com/channel/clubkalender-test",
      OPERATOR_NAME: "Nachtkultur Test e. V.",
    },
  },
  // Desktop pages; the consent dialog declined first unless a test says otherwise.
  { viewport: { width: 1280, height: 800 }, declineConsentFirst: true },
);
const url = fixture.url;

const themeOf = (page: Page) => page.locator("html").getAttribute("data-theme");

describe("skip link", () => {
  it("is the first stop of the keyboard and jumps to the content", async () => {
    await fixture.withPage({}, async (page) => {
      await page.goto(url("/"));
      await page.keyboard.press("Tab");
      const skip = page.getByRole("link", { name: "Zum Inhalt springen" });
      await expect.poll(() => skip.evaluate((link) => link === document.activeElement)).toBe(true);
      expect(await skip.isVisible()).toBe(true);
      await page.keyboard.press("Enter");
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("inhalt");
      expect(new URL(page.url()).hash).toBe("#inhalt");
    });
  });
});

describe("menu", () => {
  it("opens on the toggle, shows submenus, closes on Escape and gives the focus back", async () => {
    await fixture.withPage({ viewport: { width: 375, height: 740 } }, async (page) => {
      await page.goto(url("/"));
      await hydrated(page);
      const toggle = page.getByRole("button", { name: "Menü", exact: true });
      const menu = page.getByRole("dialog", { name: "Menü" });
      expect(await toggle.getAttribute("aria-expanded")).toBe("false");

      await toggle.click();
      await menu.waitFor();
      expect(await toggle.getAttribute("aria-expanded")).toBe("true");
      const main = menu.getByRole("navigation", { name: "Hauptnavigation" });
      expect(await main.getByRole("link", { name: "Clubs" }).isVisible()).toBe(true);

      await menu.getByRole("button", { name: "Untermenü Genres öffnen" }).click();
      const genres = menu.getByRole("navigation", { name: "Genres" });
      expect(await genres.getByRole("link", { name: "House", exact: true }).isVisible()).toBe(true);

      await page.keyboard.press("Escape");
      await menu.waitFor({ state: "hidden" });
      await expect
        .poll(() => toggle.evaluate((button) => button === document.activeElement))
        .toBe(true);

      // SPEC §4: opening again starts at the navigation, not at the submenu left open.
      await toggle.click();
      await menu.waitFor();
      expect(await main.isVisible()).toBe(true);
      expect(await genres.count()).toBe(0);
    });
  });

  it("is drawn only when opened: a page's HTML carries the dialog, not its links", async () => {
    const html = await (await fetch(url("/"))).text();
    expect(html).toContain('id="hauptmenue"');
    expect(html).not.toContain('aria-label="Hauptnavigation"');
    expect(html).not.toContain("Menü schließen");
    // The footer keeps the main links for pages without scripts and for crawlers.
    const footer = html.slice(html.indexOf("<footer"));
    for (const path of ["/club", "/party/genre", "/newsletter"]) {
      expect(footer).toContain(`href="${path}"`);
    }
  });

  it("keeps the keyboard focus inside while open", async () => {
    await fixture.withPage({}, async (page) => {
      await page.goto(url("/"));
      await hydrated(page);
      await page.getByRole("button", { name: "Menü", exact: true }).click();
      const menu = page.getByRole("dialog", { name: "Menü" });
      await menu.waitFor();
      for (let step = 0; step < 30; step += 1) {
        await page.keyboard.press(step % 7 === 6 ? "Shift+Tab" : "Tab");
        const inside = await menu.evaluate((dialog) => dialog.contains(document.activeElement));
        expect(inside, `focus after ${step + 1} presses`).toBe(true);
      }
    });
  });

  it("closes on a click on the backdrop and when a link is followed", async () => {
    await fixture.withPage({}, async (page) => {
      await page.goto(url("/"));
      await hydrated(page);
      const toggle = page.getByRole("button", { name: "Menü", exact: true });
      const menu = page.getByRole("dialog", { name: "Menü" });
      await toggle.click();
      await menu.waitFor();
      await page.mouse.click(200, 400);
      await menu.waitFor({ state: "hidden" });

      await toggle.click();
      await menu.getByRole("link", { name: "Clubs" }).click();
      await page.waitForURL(url("/club"));
      await menu.waitFor({ state: "hidden" });
    });
  });
});

describe("header", () => {
  it("turns compact after scrolling past 88 px and back at the top", async () => {
    await fixture.withPage({}, async (page) => {
      await page.goto(url("/"));
      await hydrated(page);
      const header = page.locator("body > header, header[data-compact]").first();
      expect(await header.getAttribute("data-compact")).toBe("false");
      const tall = await header.boundingBox();

      await page.evaluate(() => window.scrollTo(0, 80));
      await settled(page);
      expect(await header.getAttribute("data-compact")).toBe("false");

      await page.evaluate(() => window.scrollTo(0, 100));
      await expect.poll(() => header.getAttribute("data-compact")).toBe("true");
      await expect
        .poll(async () => (await header.boundingBox())!.height)
        .toBeLessThan(tall!.height);
      expect((await header.boundingBox())!.y).toBe(0);

      await page.evaluate(() => window.scrollTo(0, 0));
      await expect.poll(() => header.getAttribute("data-compact")).toBe("false");
    });
  });

  it("links the logo home and the account icon to /user, signed out", async () => {
    await fixture.withPage({}, async (page) => {
      await page.goto(url("/club"));
      const account = page.getByRole("link", { name: "Anmelden" });
      expect(await account.getAttribute("href")).toBe("/user");
      expect(await account.getAttribute("data-signed-in")).toBe("false");
      await page.getByRole("link", { name: "Clubkalender – zur Startseite" }).click();
      await page.waitForURL(url("/"));
    });
  });
});

describe("theme", () => {
  it("is light at noon and dark at 01:00 in Berlin, decided in the browser before the first paint", async () => {
    for (const [instant, expected] of [
      ["2026-06-21T10:00:00Z", "light"],
      ["2026-06-20T23:00:00Z", "dark"],
      ["2026-12-21T11:00:00Z", "light"],
      ["2026-12-21T00:00:00Z", "dark"],
    ] as const) {
      await fixture.withPage({ declineConsentFirst: false }, async (page) => {
        await page.clock.install({ time: new Date(instant) });
        // What the page looked like before any of the app's module scripts ran.
        await page.addInitScript(() => {
          document.addEventListener("DOMContentLoaded", () => {
            (window as unknown as { firstTheme: string }).firstTheme =
              document.documentElement.dataset.theme ?? "";
          });
        });
        await page.goto(url("/"));
        expect(
          await page.evaluate(() => (window as unknown as { firstTheme: string }).firstTheme),
          instant,
        ).toBe(expected);
        await page.waitForLoadState("load");
        expect(await themeOf(page), instant).toBe(expected);
      });
    }
  });

  it("is rendered by the server with the same decision (no JavaScript)", async () => {
    await fixture.withPage(
      { javaScriptEnabled: false, declineConsentFirst: false },
      async (page) => {
        const before = themeAt(new Date(), leipzig);
        await page.goto(url("/"));
        const after = themeAt(new Date(), leipzig);
        // Only at the very minute of sunset or sunrise could the two differ.
        if (before === after) expect(await themeOf(page)).toBe(before);
        expect(await page.locator('meta[name="theme-color"]').getAttribute("content")).toBe(
          (await themeOf(page)) === "dark" ? "#0b0a0f" : "#f6f1e8",
        );
      },
    );
  });

  it("follows the visitor's remembered choice, on the server and in the browser", async () => {
    await fixture.withPage(
      { javaScriptEnabled: false, declineConsentFirst: false },
      async (page) => {
        for (const choice of ["light", "dark"]) {
          await page.context().addCookies([{ name: "theme", value: choice, url: url("/") }]);
          // A page outside the anonymous page cache, so this answer is rendered for the cookie.
          await page.goto(url("/impressum"));
          expect(await themeOf(page)).toBe(choice);
        }
      },
    );
    await fixture.withPage({}, async (page) => {
      await page.clock.install({ time: new Date("2026-06-20T23:00:00Z") });
      await page.goto(url("/"));
      expect(await themeOf(page)).toBe("dark");
      await hydrated(page);

      await page.getByRole("button", { name: "Menü", exact: true }).click();
      await page.getByRole("button", { name: "Hell" }).click();
      expect(await themeOf(page)).toBe("light");
      await page.keyboard.press("Escape");
      await page.reload();
      expect(await themeOf(page)).toBe("light");
      await hydrated(page);

      await page.getByRole("button", { name: "Menü", exact: true }).click();
      await page.getByRole("button", { name: "Auto" }).click();
      expect(await themeOf(page)).toBe("dark");
      const cookies = await page.context().cookies();
      expect(cookies.find((cookie) => cookie.name === "theme")).toBeUndefined();
    });
  });
});

describe("footer", () => {
  it("has the navigation, the legal links, the social links and the slogan word for word", async () => {
    await fixture.withPage({}, async (page) => {
      await page.goto(url("/"));
      const footer = page.locator("footer");
      expect((await footer.locator("p").first().textContent())?.trim()).toBe(slogan);
      const legal = footer.getByRole("navigation", { name: "Rechtliches" });
      expect(await legal.getByRole("link", { name: "Impressum" }).getAttribute("href")).toBe(
        "/impressum",
      );
      expect(
        await legal.getByRole("link", { name: "Datenschutzerklärung" }).getAttribute("href"),
      ).toBe("/datenschutzerklaerung");
      expect(await legal.getByRole("button", { name: "Cookie-Einstellungen" }).isVisible()).toBe(
        true,
      );
      const nav = footer.getByRole("navigation", { name: "Fußnavigation" });
      expect(await nav.getByRole("link", { name: "Clubs" }).getAttribute("href")).toBe("/club");
      for (const [name, href] of [
        ["Instagram", "https://www.instagram.com/clubkalender.test"],
        ["TikTok", "https://www.tiktok.com/@clubkalender.test"],
        ["Facebook", "https://www.facebook.com/clubkalender.test"],
        ["WhatsApp-Kanal", "https://whatsapp.com/channel/clubkalender-test"],
      ]) {
        expect(await footer.getByRole("link", { name }).getAttribute("href"), name).toBe(href);
      }
    });
  });
});

describe("legal pages and FAQ", () => {
  it("shows the Impressum with the configured operator and the privacy policy", async () => {
    await fixture.withPage({}, async (page) => {
      await page.goto(url("/impressum"));
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Impressum");
      expect(await page.getByText("Nachtkultur Test e. V.").first().isVisible()).toBe(true);
      await page.locator("footer").getByRole("link", { name: "Datenschutzerklärung" }).click();
      await page.waitForURL(url("/datenschutzerklaerung"));
      await expect
        .poll(() => page.getByRole("heading", { level: 1 }).textContent())
        .toBe("Datenschutzerklärung");
      expect(
        await page.getByRole("heading", { name: /Cookies, lokale Speicherung/ }).isVisible(),
      ).toBe(true);
    });
  });

  it("opens the FAQ answer a link points to and scrolls to it after 700 ms", async () => {
    await fixture.withPage({ viewport: { width: 375, height: 640 } }, async (page) => {
      // The page's clock stands still unless the test moves it.
      const start = new Date("2026-11-20T20:00:00Z");
      await page.clock.install({ time: start });
      await page.clock.pauseAt(new Date(start.getTime() + 1_000));
      // Count the scrolls to each element (React Router also scrolls to the hash on arrival).
      await page.addInitScript(() => {
        const scrolls: Record<string, number> = {};
        (window as unknown as { scrolls: typeof scrolls }).scrolls = scrolls;
        const original = Element.prototype.scrollIntoView;
        Element.prototype.scrollIntoView = function (this: Element, ...args) {
          scrolls[this.id] = (scrolls[this.id] ?? 0) + 1;
          return original.apply(this, args);
        };
      });
      const id = "wie-funktioniert-der-newsletter";
      const scrollsTo = () =>
        page.evaluate(
          (target) =>
            (window as unknown as { scrolls: Record<string, number> }).scrolls[target] ?? 0,
          id,
        );
      await page.goto(url(`/faq#${id}`));
      await hydrated(page);
      const item = page.locator(`details#${id}`);
      await expect
        .poll(() => item.evaluate((details: HTMLDetailsElement) => details.open))
        .toBe(true);
      // Whatever scrolled on arrival has happened by 650 ms; ours comes at 700 ms.
      await page.clock.runFor(650);
      const before = await scrollsTo();
      await page.clock.runFor(40);
      expect(await scrollsTo()).toBe(before);
      await page.clock.runFor(20);
      expect(await scrollsTo()).toBe(before + 1);
    });
  });
});
