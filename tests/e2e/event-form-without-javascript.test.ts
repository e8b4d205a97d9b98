import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { createOrganiser, setUpBrowserFixture, type BrowserFixture } from "./browser-fixtures.ts";

const fixture = setUpBrowserFixture();

const organiser = {
  email: "formular-ohne-skript@example.org",
  password: "Bässe bis zum Morgengrauen",
  name: "Formular ohne Skript",
};

/** A start next year, so it never lies in the past. */
const start = `${new Date().getUTCFullYear() + 1}-06-13T23:00`;

/** Signs in through the plain login form (scripts off: no consent dialog to answer). */
async function loginWithoutScripts(page: Page, server: BrowserFixture) {
  await page.goto(server.url("/user/login"));
  await page.getByLabel("E-Mail-Adresse").fill(organiser.email);
  await page.getByRole("textbox", { name: "Passwort", exact: true }).fill(organiser.password);
  await page.getByRole("button", { name: "Anmelden", exact: true }).click();
  await page.waitForURL(server.url("/user"));
}

describe("the event form without JavaScript", () => {
  it("shows the German field error for a missing title, creates the party and edits it", async () => {
    const { authorization } = await createOrganiser(fixture, organiser);
    await fixture.withPage({ javaScriptEnabled: false }, async (page) => {
      await loginWithoutScripts(page, fixture);
      await page.goto(fixture.url("/events/erstellen"));

      await page.getByLabel("Beginn").fill(start);
      const club = page.getByLabel("Club", { exact: true });
      await club.selectOption({ index: 1 });
      const clubName = (await club.locator("option:checked").textContent())!.replace(/ \(.*$/, "");
      const genre = page.getByRole("group", { name: "Genres" }).getByRole("checkbox").first();
      await genre.check();
      const genreName = (await genre.locator("xpath=..").textContent())!.trim();
      await page.getByRole("button", { name: "Party speichern" }).click();

      await page.locator('[id="title-fehler"]').waitFor();
      expect(await page.locator('[id="title-fehler"]').textContent()).toBe("Pflichtfeld");
      expect(await page.getByLabel("Beginn").inputValue()).toBe(start);
      expect(await club.locator("option:checked").textContent()).toContain(clubName);
      expect(await genre.isChecked()).toBe(true);

      const title = "Ohne Skript bis zum Morgen";
      await page.getByLabel("Titel").fill(title);
      await page.getByRole("button", { name: "Party speichern" }).click();
      await page.waitForURL(fixture.url("/user/events?gespeichert=1"));
      const row = page.getByRole("listitem").filter({ hasText: title });
      const path = await row.getByRole("link", { name: title, exact: true }).getAttribute("href");
      const eventId = path!.split("/").at(-1);
      const detail = async () =>
        (await (
          await fetch(fixture.url(`/api/events/${eventId}/`), { headers: { authorization } })
        ).json()) as { title: string; location: { name: string }; genres: { name: string }[] };
      expect(await detail()).toMatchObject({
        title,
        location: { name: clubName },
        genres: [{ name: genreName }],
      });

      await page.goto(fixture.url(`/events/bearbeiten/${eventId}`));
      expect(await page.getByLabel("Titel").inputValue()).toBe(title);
      expect(await page.getByLabel("Beginn").inputValue()).toBe(start);
      expect(await club.locator("option:checked").textContent()).toContain(clubName);
      expect(await genre.isChecked()).toBe(true);
      await page.getByLabel("Titel").fill(`${title} (verlängert)`);
      await page.getByRole("button", { name: "Änderungen speichern" }).click();
      await page.waitForURL(fixture.url("/user/events?gespeichert=1"));
      expect(await detail()).toMatchObject({
        title: `${title} (verlängert)`,
        location: { name: clubName },
        genres: [{ name: genreName }],
      });
    });
  });
});
