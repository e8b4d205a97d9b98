import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { setUpBrowserFixture } from "./browser-fixtures.ts";

/**
 * SPEC §4, §7, §9: the newsletter popup appears 30 s after the page load unless the
 * `newsletter-popup` cookie exists; closing or subscribing sets that cookie for 31,536,000 s;
 * a sign-up shows 'Fast geschafft!' and the request to confirm the mail.
 */

const POPUP_NAME = "Das Wochenende in Deinem Postfach";
const ONE_YEAR_S = 31_536_000;
const CSRF_TOKEN = "e2eCsrfTokenForTheNewsletterPopup0001";

// Phone-sized pages whose clock starts on Friday evening and is moved by the test.
const fixture = setUpBrowserFixture({}, { clockAt: "2026-11-20T20:00:00Z" });
const app = fixture.server;

/** Opens the home page and moves the page's clock to `secondsAfterLoad` after navigation start. */
async function openHomeAt(page: Page, secondsAfterLoad: number) {
  await page.goto(`${app().url}/`);
  await page.waitForLoadState("networkidle");
  // The cookie consent dialog (issue "App shell") comes first; the visitor declines.
  await page.getByRole("button", { name: "Alle ablehnen" }).click();
  const elapsed = await page.evaluate(() => performance.now());
  await page.clock.runFor(Math.max(0, secondsAfterLoad * 1000 - elapsed));
  // Let time flow again (animation frames too), so the page can be clicked.
  await page.clock.resume();
}

const popupOf = (page: Page) => page.getByRole("dialog", { name: POPUP_NAME });

async function popupCookie(context: BrowserContext) {
  return (await context.cookies()).find((cookie) => cookie.name === "newsletter-popup");
}

describe("newsletter popup", () => {
  it("stays hidden for 30 s after the page load, then appears", async () => {
    await fixture.withPage({}, async (page) => {
      await openHomeAt(page, 29);
      expect(await popupOf(page).isVisible()).toBe(false);
      // Whether the popup, the moment it enters the page, already holds its form: a popup that
      // grows when the form arrives moves its close button under the visitor's finger.
      await page.evaluate((name) => {
        const seen = document.documentElement.dataset;
        new MutationObserver((_, observer) => {
          const popup = document.querySelector<HTMLElement>('[role="dialog"][aria-labelledby]');
          if (!popup || !popup.textContent?.includes(name)) return;
          seen.popupFirstSeenWithForm = String(popup.querySelector("input[type=email]") !== null);
          observer.disconnect();
        }).observe(document.body, { childList: true, subtree: true });
      }, POPUP_NAME);
      await page.clock.runFor(1_500);
      await expect.poll(() => popupOf(page).isVisible()).toBe(true);
      expect(
        await page.evaluate(() => document.documentElement.dataset.popupFirstSeenWithForm),
      ).toBe("true");
    });
  });

  it("waits on a phone until the consent dialog is answered, then appears", async () => {
    await fixture.withPage({}, async (page) => {
      await page.goto(`${app().url}/`);
      await page.waitForLoadState("networkidle");
      const decline = page.getByRole("button", { name: "Alle ablehnen" });
      expect(await decline.isVisible()).toBe(true);
      await page.clock.runFor(40_000);
      await page.clock.resume();
      await page.evaluate(
        () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
      );
      expect(await popupOf(page).isVisible()).toBe(false);
      await decline.click();
      await expect.poll(() => popupOf(page).isVisible()).toBe(true);
    });
  });

  it("closing sets the cookie for 31,536,000 s, and the popup stays away", async () => {
    await fixture.withPage({}, async (page, context) => {
      await openHomeAt(page, 31);
      await expect.poll(() => popupOf(page).isVisible()).toBe(true);
      await popupOf(page).getByRole("button", { name: "Schließen" }).click();
      await expect.poll(() => popupOf(page).isVisible()).toBe(false);

      const cookie = await popupCookie(context);
      expect(cookie?.path).toBe("/");
      const lifetime = cookie!.expires - Date.now() / 1000;
      expect(Math.abs(lifetime - ONE_YEAR_S)).toBeLessThan(120);

      await page.reload();
      await page.waitForLoadState("networkidle");
      await page.clock.runFor(60_000);
      expect(await page.getByRole("button", { name: "Alle ablehnen" }).isVisible()).toBe(false);
      expect(await popupOf(page).isVisible()).toBe(false);
    });
  });

  it("signs up with the CSRF header and shows both success texts", async () => {
    await fixture.withPage({}, async (page, context) => {
      const { hostname } = new URL(app().url);
      await context.addCookies([
        { name: "csrftoken", value: CSRF_TOKEN, domain: hostname, path: "/" },
      ]);
      await openHomeAt(page, 31);
      const popup = popupOf(page);
      await expect.poll(() => popup.isVisible()).toBe(true);

      await popup.getByLabel("Deine E-Mail-Adresse").fill("kein-at-zeichen");
      await popup.getByRole("button", { name: "Anmelden" }).click();
      await expect.poll(() => popup.getByText("Ungültige E-Mail Adresse!").isVisible()).toBe(true);

      await popup.getByLabel("Deine E-Mail-Adresse").fill("popup@example.org");
      const request = page.waitForRequest("**/api/newsletter/subscribe/");
      await popup.getByRole("button", { name: "Anmelden" }).click();
      const sent = await request;
      expect(sent.method()).toBe("POST");
      expect(sent.postDataJSON()).toMatchObject({ email: "popup@example.org", form: "popup" });
      expect(await sent.headerValue("x-csrftoken")).toBe(CSRF_TOKEN);

      await expect.poll(() => popup.getByText("Fast geschafft!").isVisible()).toBe(true);
      expect(
        await popup
          .getByText("Bitte bestätige noch die E-Mail, die wir Dir zugesendet haben.")
          .isVisible(),
      ).toBe(true);
      const cookie = await popupCookie(context);
      expect(Math.abs(cookie!.expires - Date.now() / 1000 - ONE_YEAR_S)).toBeLessThan(120);
    });
  });
});
