import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  createOrganiser,
  eventually,
  login,
  loginWithoutScripts,
  open,
  settled,
  setUpBrowserFixture,
} from "./browser-fixtures.ts";

/**
 * An organiser enters a line-up with two floors in the event form (without JavaScript: the move
 * buttons and the quick entry post the form back), then the party page shows the timetable with
 * "läuft gerade" and "als Nächstes" by the fixed clock (Saturday 01:30), and home shows the party
 * under "Jetzt".
 */
const fixture = setUpBrowserFixture({
  env: { NODE_ENV: "test", TEST_FIXED_NOW: "2026-11-21T00:30:00Z" },
});

const organiser = {
  email: "line-up@example.org",
  password: "Bässe bis zum Morgengrauen",
  name: "Kollektiv Zeitplan",
};
const title = "Zeitplan bis zum Morgen";

const row = (page: Page, index: number, field: "Act" | "Floor" | "Von" | "Bis") =>
  page.getByLabel(`${field} (Eintrag ${index})`, { exact: true });

async function fillRow(page: Page, index: number, values: [string, string, string, string]) {
  const fields = ["Act", "Floor", "Von", "Bis"] as const;
  for (const [position, field] of fields.entries()) {
    await row(page, index, field).fill(values[position]!);
  }
}

describe("the line-up editor with scripts", () => {
  it("says nothing about an act just added, until it is left empty or the form is sent", async () => {
    const newcomer = { email: "act-hinzufuegen@example.org", password: organiser.password };
    await createOrganiser(fixture, { ...newcomer, name: "Neu im Line-up" });
    await fixture.withPage({ withoutNewsletterPopup: true }, async (page) => {
      await login(fixture, page, newcomer);
      await open(page, fixture.url("/events/erstellen"));
      const errors = page.locator("#lineup-fehler");
      await page.getByRole("button", { name: "Act hinzufügen" }).click();
      await page.getByRole("button", { name: "Act hinzufügen" }).click();
      await row(page, 1, "Act").focus();
      await settled(page);
      expect(await errors.count()).toBe(0);
      // Typing into the first act and leaving it speaks for that entry only.
      await row(page, 1, "Act").fill("N");
      await row(page, 1, "Act").fill("");
      await row(page, 1, "Floor").focus();
      await eventually(() => errors.textContent()).toBe("Eintrag 1: Pflichtfeld");
      await page.getByRole("button", { name: "Party speichern" }).click();
      await eventually(() => errors.locator("li").allTextContents()).toEqual([
        "Eintrag 1: Pflichtfeld",
        "Eintrag 2: Pflichtfeld",
      ]);
    });
  });
});

describe("a line-up with two floors", () => {
  it("is entered in the form, reordered without JavaScript and shown as a timetable by the clock", async () => {
    await createOrganiser(fixture, organiser);
    let partyPath = "";
    await fixture.withPage({ javaScriptEnabled: false }, async (page) => {
      await loginWithoutScripts(fixture, page, organiser);
      await page.goto(fixture.url("/events/erstellen"));
      await page.locator("#title").fill(title);
      await page.locator("#start").fill("2026-11-21T01:30");
      await page.locator("#end").fill("2026-11-21T04:00");
      // Without scripts the club is a text field completed from a list of the clubs.
      const firstClub = page.locator("#club-liste option").nth(1);
      await page.getByLabel("Club", { exact: true }).fill((await firstClub.getAttribute("value"))!);
      await page.getByRole("group", { name: "Genres" }).getByRole("checkbox").first().check();

      await fillRow(page, 1, ["Ellen Allien", "Main", "03:00", "04:00"]);
      await fillRow(page, 2, ["Nachteule", "Main", "01:30", "03:00"]);
      await fillRow(page, 3, ["Mira Morgenrot", "Garten", "02:00", "04:00"]);
      await page.getByText("Schnell eintragen").click();
      await page.getByLabel("Floor für alle").fill("Garten");
      await page.getByLabel("Acts (einer pro Zeile)").fill("Bassfräulein\nEule 303");

      // Moving posts the form back reordered; the quick entry became rows; nothing is saved.
      await page.getByRole("button", { name: "Eintrag 2 nach oben" }).click();
      await eventually(() => row(page, 1, "Act").inputValue()).toBe("Nachteule");
      expect(await row(page, 2, "Act").inputValue()).toBe("Ellen Allien");
      expect(await row(page, 4, "Act").inputValue()).toBe("Bassfräulein");
      expect(await row(page, 5, "Floor").inputValue()).toBe("Garten");
      expect(page.url()).toBe(fixture.url("/events/erstellen"));

      // An overlapping set is a German field error, and the form keeps what was entered.
      await row(page, 2, "Von").fill("02:30");
      await page.getByRole("button", { name: "Party speichern" }).click();
      await eventually(() => page.locator("#lineup-fehler").textContent()).toContain(
        "Eintrag 2 (Ellen Allien): Überschneidet sich mit Eintrag 1 (Nachteule) auf „Main“.",
      );
      await row(page, 2, "Von").fill("03:00");
      await page.getByRole("button", { name: "Party speichern" }).click();
      await page.waitForURL(fixture.url("/user/events?gespeichert=1"));
      partyPath = (await page
        .getByRole("listitem")
        .filter({ hasText: title })
        .getByRole("link", { name: title, exact: true })
        .getAttribute("href"))!;
    });

    for (const width of [375, 1280]) {
      await fixture.withPage({ viewport: { width, height: 900 } }, async (page) => {
        await page.goto(fixture.url(partyPath));
        const floors = page.getByTestId("timetable-floor");
        await eventually(() => floors.count()).toBe(2);
        const main = page.getByRole("region", { name: "Main" });
        const garden = page.getByRole("region", { name: "Garten" });
        const set = (floor: typeof main, artist: string) =>
          floor.getByRole("listitem").filter({ hasText: artist });
        expect(await set(main, "Nachteule").textContent()).toContain("läuft gerade");
        expect(await set(main, "Nachteule").getAttribute("aria-current")).toBe("time");
        expect(await set(main, "Ellen Allien").textContent()).toContain("als Nächstes");
        expect(await set(garden, "Mira Morgenrot").textContent()).toContain("als Nächstes");
        expect(await set(garden, "Bassfräulein").textContent()).not.toMatch(/läuft|Nächstes/);
        expect(await set(main, "Nachteule").textContent()).toContain("01:30–03:00");
        // A list on phones, columns on desktop.
        const mainBox = (await main.boundingBox())!;
        const gardenBox = (await garden.boundingBox())!;
        if (width < 768) expect(gardenBox.y).toBeGreaterThan(mainBox.y + mainBox.height - 1);
        else expect(gardenBox.x).toBeGreaterThan(mainBox.x + mainBox.width - 1);
        // The artist's page lists the party.
        if (width === 375) {
          await set(main, "Nachteule").getByRole("link", { name: "Nachteule" }).click();
          await page.waitForURL(fixture.url("/artist/nachteule"));
          await eventually(() =>
            page.getByRole("region", { name: "Kommende Partys" }).textContent(),
          ).toContain(title);
        }
      });
    }

    await fixture.withPage({}, async (page) => {
      await page.goto(fixture.url("/"));
      const now = page.getByRole("region", { name: "Jetzt" });
      const party = now.getByTestId("running-now-party").filter({ hasText: title });
      await eventually(() => party.textContent()).toContain("läuft gerade Nachteule (Main)");
    });
  });
});
