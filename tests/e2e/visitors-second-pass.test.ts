import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  createOrganiser,
  eventually,
  login,
  open,
  setUpBrowserFixture,
  settled,
} from "./browser-fixtures.ts";

/**
 * Issue 13 "Visitors, second pass" (part A): back after logout, offline navigation and no
 * horizontal scroll from 320 px up.
 */

const fixture = setUpBrowserFixture();

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
      await eventually(() => new URL(page.url()).pathname).toBe("/user/login");
      await page.getByRole("heading", { level: 1 }).first().waitFor();
      await settled(page);
      expect(await page.getByText("Ein Fehler ist aufgetreten").count()).toBe(0);
      expect(errors.filter((error) => /418|hydrat/i.test(error))).toEqual([]);
    });
  });
});
