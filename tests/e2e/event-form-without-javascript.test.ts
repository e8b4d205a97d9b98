import { describe, expect, it } from "vitest";
import { createOrganiser, loginWithoutScripts, setUpBrowserFixture } from "./browser-fixtures.ts";

const fixture = setUpBrowserFixture();

const organiser = {
  email: "formular-ohne-skript@example.org",
  password: "Bässe bis zum Morgengrauen",
  name: "Formular ohne Skript",
};

/** A start next year, so it never lies in the past. */
const start = `${new Date().getUTCFullYear() + 1}-06-13T23:00`;

describe("the event form without JavaScript", () => {
  it("finds the club by typing, adds links in empty rows, shows the German field error, creates and edits the party", async () => {
    const { authorization } = await createOrganiser(fixture, organiser);
    await fixture.withPage({ javaScriptEnabled: false }, async (page) => {
      await loginWithoutScripts(fixture, page, organiser);
      await page.goto(fixture.url("/events/erstellen"));

      await page.getByLabel("Beginn").fill(start);
      // The club is a text field the browser completes from a list of the clubs.
      const club = page.getByLabel("Club", { exact: true });
      expect(await club.getAttribute("list")).toBe("club-liste");
      const suggestions = page.locator("#club-liste option");
      expect(await suggestions.count()).toBeGreaterThan(1);
      const clubLabel = (await suggestions.nth(1).getAttribute("value"))!;
      const clubName = clubLabel.replace(/ \(.*$/, "");
      await club.fill(clubLabel.toLowerCase());
      // Links are added in the empty rows the form offers without scripts.
      const media = page.getByRole("group", { name: "Musik und Videos" }).getByRole("textbox");
      expect(await media.count()).toBeGreaterThanOrEqual(3);
      await media.nth(1).fill("https://soundcloud.com/ohne-skript/set");
      const genre = page.getByRole("group", { name: "Genres" }).getByRole("checkbox").first();
      await genre.check();
      const genreName = (await genre.locator("xpath=..").textContent())!.trim();
      await page.getByRole("button", { name: "Party speichern" }).click();

      await page.locator('[id="title-fehler"]').waitFor();
      expect(await page.locator('[id="title-fehler"]').textContent()).toBe("Pflichtfeld");
      expect(await page.getByLabel("Beginn").inputValue()).toBe(start);
      expect(await club.inputValue()).toBe(clubLabel.toLowerCase());
      expect(await media.nth(1).inputValue()).toBe("https://soundcloud.com/ohne-skript/set");
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
        ).json()) as {
          title: string;
          location: { name: string };
          genres: { name: string }[];
          media: string[];
        };
      expect(await detail()).toMatchObject({
        title,
        location: { name: clubName },
        genres: [{ name: genreName }],
        media: ["https://soundcloud.com/ohne-skript/set"],
      });

      await page.goto(fixture.url(`/events/bearbeiten/${eventId}`));
      expect(await page.getByLabel("Titel").inputValue()).toBe(title);
      expect(await page.getByLabel("Beginn").inputValue()).toBe(start);
      expect(await club.inputValue()).toBe(clubLabel);
      expect(await media.first().inputValue()).toBe("https://soundcloud.com/ohne-skript/set");
      await media.nth(1).fill("https://www.youtube.com/watch?v=ohneSkript1");
      expect(await genre.isChecked()).toBe(true);
      await page.getByLabel("Titel").fill(`${title} (verlängert)`);
      await page.getByRole("button", { name: "Änderungen speichern" }).click();
      await page.waitForURL(fixture.url("/user/events?gespeichert=1"));
      expect(await detail()).toMatchObject({
        title: `${title} (verlängert)`,
        location: { name: clubName },
        genres: [{ name: genreName }],
        media: [
          "https://soundcloud.com/ohne-skript/set",
          "https://www.youtube.com/watch?v=ohneSkript1",
        ],
      });
    });
  });
});
