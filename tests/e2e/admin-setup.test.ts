import { describe, expect, it } from "vitest";
import { open, setUpBrowserFixture } from "./browser-fixtures.ts";

/**
 * A fresh site has no admin (issue 26): its first start prints a one-time setup link, and
 * following it creates the first admin in the browser and opens the admin area (decision 0202).
 */
const fixture = setUpBrowserFixture();

describe("the first admin of a fresh site", () => {
  it("follows the setup link the start printed, creates the admin and opens /admin", async () => {
    const link = /(http:\/\/\S+\/einrichtung\?token=[\w-]+)/.exec(fixture.server().output())?.[1];
    expect(link, fixture.server().output()).toBeDefined();

    await fixture.withPage({ withoutNewsletterPopup: true }, async (page) => {
      await open(page, fixture.url("/user/login"));
      await expect
        .poll(() => page.getByText("Diese Seite hat noch kein Admin-Konto").count())
        .toBe(1);

      await open(page, link!);
      await page.getByLabel("E-Mail-Adresse").fill("betrieb@example.org");
      await page
        .getByRole("textbox", { name: "Passwort", exact: true })
        .fill("Nachts sind alle Katzen bunt 2026");
      await page.getByRole("button", { name: "Admin-Konto anlegen" }).click();
      await page.waitForURL(fixture.url("/admin"));
      await expect
        .poll(() => page.getByRole("heading", { level: 1 }).first().textContent())
        .toBeTruthy();

      // Used once: the link now says so.
      await open(page, link!);
      await expect.poll(() => page.getByText("Dieser Einrichtungslink gilt nicht").count()).toBe(1);
    });
  });
});
