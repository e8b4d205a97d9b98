import { describe, expect, it } from "vitest";
import { createOrganiser, eventually, open, setUpBrowserFixture } from "./browser-fixtures.ts";

const fixture = setUpBrowserFixture({ env: { SEED_DEMO_DATA: "false" } });

const organiser = {
  email: "ohne-skript@example.org",
  password: "Bässe bis zum Morgengrauen",
  name: "Ohne Skript",
};

describe("security in the browser", () => {
  it("logs in with JavaScript turned off, and the CSRF token changes at login", async () => {
    await createOrganiser(fixture, organiser);
    await fixture.withPage({ javaScriptEnabled: false }, async (page, context) => {
      const response = await page.goto(fixture.url("/user/login"));
      expect(response?.headers()["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      const csrfBefore = (await context.cookies()).find((cookie) => cookie.name === "csrftoken");
      expect(csrfBefore).toBeDefined();
      await page.getByLabel("E-Mail-Adresse").fill(organiser.email);
      await page.getByRole("textbox", { name: "Passwort", exact: true }).fill(organiser.password);
      await page.getByRole("button", { name: "Anmelden", exact: true }).click();
      await page.waitForURL(fixture.url("/user"));
      const csrfAfter = (await context.cookies()).find((cookie) => cookie.name === "csrftoken");
      expect(csrfAfter?.value).toBeDefined();
      expect(csrfAfter!.value).not.toBe(csrfBefore!.value);
    });
  });

  it("refuses an oversized form post before reading it", async () => {
    const response = await fetch(fixture.url("/user/login"), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "email=" + "a".repeat(2 * 1_048_576),
    });
    expect(response.status).toBe(413);
  });

  it.each(["/%09/evil.example", "/%0d%0a/evil.example", "//evil.example", "/%5Cevil.example"])(
    "stays on the site after login with ?weiter=%s",
    async (weiter) => {
      await fixture.withPage({ withoutNewsletterPopup: true }, async (page) => {
        const response = await open(page, fixture.url(`/user/login?weiter=${weiter}`));
        expect(response?.status()).toBeLessThan(500);
        await page.getByLabel("E-Mail-Adresse").fill(organiser.email);
        await page.getByRole("textbox", { name: "Passwort", exact: true }).fill(organiser.password);
        await page.getByRole("button", { name: "Anmelden", exact: true }).click();
        await eventually(() => new URL(page.url()).pathname).toBe("/user");
        expect(new URL(page.url()).host).toBe(new URL(fixture.url("/")).host);
      });
    },
  );
});
