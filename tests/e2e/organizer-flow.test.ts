import sharp from "sharp";
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { toDateTimeInput } from "#common/date-time-input.ts";
import { linkParameter, mailsTo } from "#tests/setup/mail-links.ts";
import {
  createOrganiser,
  eventually,
  expectNoSeriousAxeViolations,
  login,
  open as openUrl,
  settled,
  setUpBrowserFixture,
} from "./browser-fixtures.ts";

/**
 * An organiser from "never been here" to "my party is online with flyer and sets", through the
 * real server and Chromium; then a second organiser who must not touch that party.
 */

const fixture = setUpBrowserFixture();
const timeZone = "Europe/Berlin";
const organizer = {
  email: "nachteule@example.org",
  password: "Tanzen bis die Sonne aufgeht",
  name: "Nachteule",
};
const title = `Bassline Nacht ${Date.now().toString(36)}`;
let partyPath = "";
let partyId = 0;

/** An organiser's phone; the newsletter popup would cover the form after 30 s. */
const withPhone = <T>(
  run: (page: Page, context: BrowserContext) => Promise<T>,
  storageState?: string,
) => fixture.withPage({ withoutNewsletterPopup: true, storageState }, run);

const open = (page: Page, path: string) => openUrl(page, fixture.url(path));
const field = (page: Page, name: string) => page.getByRole("textbox", { name, exact: true });
const errorUnder = (page: Page, field: string) => page.locator(`[id="${field}-fehler"]`);

/** A date-time input value in the city, `days` from now at `hour`:00. */
function wallClock(days: number, hour: number): string {
  const day = toDateTimeInput(new Date(Date.now() + days * 86_400_000), timeZone).slice(0, 10);
  return `${day}T${String(hour).padStart(2, "0")}:00`;
}

async function flyerJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 800, height: 1000, channels: 3, background: "#ff3fb4" } })
    .jpeg()
    .withExif({ IFD0: { Artist: "Privat" } })
    .toBuffer();
}

describe("an organiser's first party", () => {
  it("sends anonymous visitors of the user area to the login", async () => {
    for (const path of ["/user", "/user/events", "/events/erstellen", "/user/meine-daten"]) {
      const response = await fetch(`${fixture.server().url}${path}`, { redirect: "manual" });
      await response.arrayBuffer();
      expect(response.status, path).toBe(302);
      expect(response.headers.get("location")).toBe(
        `/user/login?weiter=${encodeURIComponent(path)}`,
      );
    }
  });

  it("registers with the SPEC's messages, confirms by mail and logs in back to where it was", async () => {
    await withPhone(async (page, context) => {
      await open(page, "/user/registrieren");
      await page.getByRole("button", { name: "Konto anlegen" }).click();
      await eventually(() => errorUnder(page, "email").textContent()).toBe("Pflichtfeld");
      expect(await errorUnder(page, "display_name").textContent()).toBe("Pflichtfeld");
      const email = page.getByLabel("E-Mail-Adresse");
      expect(await email.getAttribute("aria-describedby")).toContain("email-fehler");

      await email.fill("keine-adresse");
      await eventually(() => errorUnder(page, "email").textContent()).toBe(
        "Ungültige E-Mail Adresse!",
      );
      await page.getByRole("textbox", { name: "Passwort", exact: true }).fill("kurz5");
      await eventually(() => errorUnder(page, "password").textContent()).toBe(
        "Das Passwort muss mindestens 8 Zeichen lang sein. (Aktuell: 5)",
      );
      await page.getByRole("button", { name: "Anzeigen – Passwort anzeigen" }).click();
      expect(
        await page.getByRole("textbox", { name: "Passwort", exact: true }).getAttribute("type"),
      ).toBe("text");
      await expectNoSeriousAxeViolations(page, "main");

      await email.fill(organizer.email);
      await page.getByRole("textbox", { name: "Passwort", exact: true }).fill(organizer.password);
      await field(page, "Dein Name").fill(organizer.name);
      await field(page, "Veranstalter (optional)").fill("Kollektiv Nachteule");
      // The terms of use are a page of their own, not the Impressum.
      const terms = page.getByRole("link", { name: "Nutzungsbedingungen" });
      expect(await terms.getAttribute("href")).toBe("/nutzungsbedingungen");
      const termsPage = await fetch(`${fixture.server().url}/nutzungsbedingungen`);
      expect(termsPage.status).toBe(200);
      expect(await termsPage.text()).toContain("Dein Konto");
      await page.getByLabel(/Ich stimme den/).check();
      await page.getByRole("button", { name: "Konto anlegen" }).click();
      await eventually(() =>
        page.getByRole("heading", { name: "Fast geschafft!" }).isVisible(),
      ).toBe(true);

      await eventually(
        async () => (await mailsTo({ dataDir: fixture.server().dataDir }, organizer.email)).length,
      ).toBe(1);
      const [mail] = await mailsTo({ dataDir: fixture.server().dataDir }, organizer.email);
      const token = linkParameter(mail!, "bestaetigung");
      await open(page, `/user/login?bestaetigung=${encodeURIComponent(token)}`);
      await eventually(() =>
        page.getByText("Deine E-Mail-Adresse ist bestätigt.").isVisible(),
      ).toBe(true);

      await open(page, "/events/erstellen");
      await page.waitForURL(/\/user\/login\?weiter=/);
      await expectNoSeriousAxeViolations(page, "main");
      await page.getByLabel("E-Mail-Adresse").fill(organizer.email);
      await page.getByRole("textbox", { name: "Passwort", exact: true }).fill("falsches Passwort");
      await page.getByRole("button", { name: "Anmelden" }).click();
      await eventually(() =>
        page.getByText("E-Mail-Adresse oder Passwort ist falsch.").isVisible(),
      ).toBe(true);
      await page.getByRole("textbox", { name: "Passwort", exact: true }).fill(organizer.password);
      await page.getByRole("button", { name: "Anmelden" }).click();
      await page.waitForURL(`${fixture.server().url}/events/erstellen`);
      const cookies = await context.cookies();
      const access = cookies.find((cookie) => cookie.name === "auth_access_token");
      expect(access?.httpOnly).toBe(true);
      expect(access?.sameSite).toBe("Lax");
      expect(cookies.find((cookie) => cookie.name === "csrftoken")?.httpOnly).toBe(false);
      await context.storageState({ path: `${fixture.server().dataDir}/organizer-state.json` });
    });
  });

  it("creates a party with flyer, overlay genres and two media links", async () => {
    await withPhone(async (page) => {
      await open(page, "/events/erstellen");
      await page.getByRole("heading", { name: "Party eintragen" }).waitFor();

      // Nothing is sent while the form is invalid; the first error scrolls into view.
      await page.getByRole("button", { name: "Party speichern" }).click();
      await eventually(() => errorUnder(page, "title").textContent()).toBe("Pflichtfeld");
      expect(page.url()).toBe(`${fixture.server().url}/events/erstellen`);
      await expectNoSeriousAxeViolations(page, "main");
      // Required fields carry a mark, explained above the form.
      expect(await page.getByText("* Pflichtfeld").isVisible()).toBe(true);
      expect(await page.locator('label[for="title"]').textContent()).toBe("Titel *");
      expect(await page.locator('label[for="location"]').textContent()).toBe("Club *");

      // A new place: nothing typed yet, so no "Pflichtfeld" under it.
      await page
        .getByRole("button", { name: "Club nicht in der Liste? Neuen Ort mit Adresse eintragen" })
        .click();
      await field(page, "Name des Ortes").waitFor();
      await settled(page);
      expect(await errorUnder(page, "venue_name").count()).toBe(0);
      expect(await errorUnder(page, "venue_address").count()).toBe(0);
      await page.getByRole("button", { name: "Doch einen Club aus der Liste wählen" }).click();

      await field(page, "Titel").fill(title);
      await field(page, "Beginn").fill(wallClock(-1, 23));
      await eventually(() => errorUnder(page, "start").textContent()).toBe(
        "Das Datum darf nicht in der Vergangenheit liegen!",
      );
      await field(page, "Beginn").fill(wallClock(7, 23));
      await field(page, "Ende").fill(wallClock(7, 22));
      await eventually(() => errorUnder(page, "end").textContent()).toBe(
        "Das Ende muss nach dem Beginn liegen.",
      );
      await field(page, "Ende").fill(wallClock(8, 6));

      const clubs = (await (await fetch(`${fixture.server().url}/api/locations/`)).json()) as {
        name: string;
      }[];
      const club = clubs[0]!.name;
      await page.getByRole("combobox", { name: "Club" }).fill(club.slice(0, 4));
      await page
        .getByRole("option", { name: new RegExp(club) })
        .first()
        .click();

      // "Online" here means a livestream; switching it on and off keeps the chosen club shown.
      expect(await page.getByRole("switch").getAttribute("aria-checked")).toBe("false");
      expect(await page.getByText("Party Offline").isVisible()).toBe(true);
      await page.getByRole("switch").click();
      expect(await page.getByText("Party Online").isVisible()).toBe(true);
      expect(await page.getByText("Livestream im Netz, ohne Ort").isVisible()).toBe(true);
      expect(await page.getByRole("combobox", { name: "Club" }).isVisible()).toBe(false);
      await page.getByRole("switch").click();
      expect(await page.getByRole("combobox", { name: "Club" }).inputValue()).toBe(club);

      await page.getByRole("button", { name: "Weitere Genres" }).click();
      const overlay = page.getByRole("dialog", { name: "Weitere Genres" });
      await overlay.waitFor();
      const groups = overlay.locator("fieldset");
      expect(await groups.count()).toBeGreaterThan(1);
      const checkboxes = overlay.getByRole("checkbox");
      const firstGenre = (await checkboxes.nth(0).locator("xpath=..").textContent())!.trim();
      const lastGenre = (await checkboxes.last().locator("xpath=..").textContent())!.trim();
      await checkboxes.nth(0).check();
      await checkboxes.last().check();
      await overlay.getByRole("button", { name: "OK" }).click();
      await overlay.waitFor({ state: "hidden" });
      for (const genre of [firstGenre, lastGenre]) {
        expect(
          await page.getByRole("button", { name: genre, exact: true }).getAttribute("aria-pressed"),
        ).toBe("true");
      }

      await page.getByLabel("Flyer", { exact: true }).setInputFiles({
        name: "flyer.jpg",
        mimeType: "image/jpeg",
        buffer: await flyerJpeg(),
      });
      await page.getByAltText("Vorschau Deines Flyers").waitFor();

      expect(
        await page
          .getByText(
            "URLs aus YouTube, Soundcloud oder Spotify hinzufügen für mehr Sichtbarkeit im Kalender.",
          )
          .isVisible(),
      ).toBe(true);
      expect(await page.getByRole("button", { name: /^Entfernen/ }).count()).toBe(0);
      await field(page, "Link 1").fill("https://soundcloud.com/kollektiv-nachteule/opening");
      await page.getByRole("button", { name: "Embed hinzufügen" }).click();
      await field(page, "Link 2").fill("https://evil.example.org/set");
      await eventually(() => errorUnder(page, "media-1").textContent()).toBe("Ungültige URL!");
      await field(page, "Link 2").fill("https://www.youtube.com/watch?v=nachteule");
      await eventually(() => errorUnder(page, "media-1").count()).toBe(0);

      await page.getByRole("button", { name: "Party speichern" }).click();
      await page.waitForURL(`${fixture.server().url}/user/events?gespeichert=1`);
      await page.getByText("Deine Party ist gespeichert.").waitFor();
      const row = page.getByRole("listitem").filter({ hasText: title });
      expect(await row.getByText("Veröffentlicht", { exact: true }).isVisible()).toBe(true);
      partyPath = (await row.getByRole("link", { name: title, exact: true }).getAttribute("href"))!;
      partyId = Number(partyPath.split("/").at(-1));

      await open(page, partyPath);
      await eventually(() => page.getByRole("heading", { level: 1, name: title }).isVisible()).toBe(
        true,
      );
      // Its creator's page offers editing beside promoting (issue 26).
      expect(
        await page.getByRole("link", { name: "Bearbeiten", exact: true }).getAttribute("href"),
      ).toBe(`/events/bearbeiten/${partyId}`);
      expect(
        await page.getByRole("link", { name: "Hervorheben", exact: true }).getAttribute("href"),
      ).toBe(`/events/hervorheben/${partyId}`);
      const detail = await (await fetch(`${fixture.server().url}/api/events/${partyId}/`)).json();
      expect(detail.media).toEqual([
        "https://soundcloud.com/kollektiv-nachteule/opening",
        "https://www.youtube.com/watch?v=nachteule",
      ]);
      expect(detail.genres.map((genre: { name: string }) => genre.name).sort()).toEqual(
        [firstGenre, lastGenre].sort(),
      );
      expect(detail.flyer).toMatch(/^\/media\/flyers\/u\d+\/[a-f0-9]{32}-800\.webp$/);
      const flyer = await fetch(`${fixture.server().url}${detail.flyer}`);
      expect(flyer.headers.get("content-type")).toBe("image/webp");
      expect((await sharp(Buffer.from(await flyer.arrayBuffer())).metadata()).exif).toBeUndefined();
    }, `${fixture.server().dataDir}/organizer-state.json`);
  });

  it("edits, cancels and copies the party for next week, then logs out", async () => {
    await fixture.withPage(
      {
        viewport: { width: 1280, height: 900 },
        storageState: `${fixture.server().dataDir}/organizer-state.json`,
      },
      async (page) => {
        await open(page, "/user/events");
        await page.getByRole("link", { name: `Bearbeiten: ${title}` }).click();
        await page.waitForURL(`${fixture.server().url}/events/bearbeiten/${partyId}`);
        expect(await field(page, "Titel").inputValue()).toBe(title);
        expect(await field(page, "Link 2").inputValue()).toBe(
          "https://www.youtube.com/watch?v=nachteule",
        );
        await field(page, "Titel").fill(`${title} XXL`);
        await page.getByRole("button", { name: "Änderungen speichern" }).click();
        await page.waitForURL(`${fixture.server().url}/user/events?gespeichert=1`);
        const row = page.getByRole("listitem").filter({ hasText: `${title} XXL` });
        await row.waitFor();
        // One message, and no empty bordered box under it.
        expect(await page.getByRole("status").allTextContents()).toEqual([
          "Deine Party ist gespeichert.",
        ]);

        await row.locator("summary").filter({ hasText: "Absagen" }).click();
        await row.getByRole("button", { name: `Absagen: ${title} XXL` }).click();
        await page.getByText("Die Party ist abgesagt.").waitFor();
        // The list revalidates after the action: wait for the row to show the new status.
        await row.getByText("Abgesagt", { exact: true }).waitFor();

        await row.getByRole("button", { name: `Für nächste Woche kopieren: ${title} XXL` }).click();
        await page
          .getByText("Die Kopie für nächste Woche ist als Entwurf gespeichert, ohne Flyer.")
          .waitFor();
        const rows = page.getByRole("listitem").filter({ hasText: `${title} XXL` });
        await eventually(() => rows.count()).toBe(2);
        // The copy waits as a draft, without last week's flyer, until its organiser publishes it.
        await eventually(() => rows.getByText("Entwurf", { exact: true }).count()).toBe(1);
        const copy = await (
          await fetch(
            `${fixture.server().url}/api/events/?page_size=100&date_from=${wallClock(14, 0).slice(0, 10)}`,
          )
        ).json();
        expect(
          copy.results.some((event: { title: string }) => event.title === `${title} XXL`),
        ).toBe(false);

        // The current password is asked only for a new address: no required mark (issue 26).
        await open(page, "/user/meine-daten");
        expect(await page.locator('label[for="current_password"]').textContent()).toBe(
          "Aktuelles Passwort (nur für eine neue E-Mail-Adresse)",
        );
        expect(await page.locator("#current_password").getAttribute("required")).toBeNull();
        expect(await page.locator('label[for="display_name"]').textContent()).toBe("Dein Name *");

        await open(page, "/user");
        await page.getByRole("button", { name: "Abmelden" }).click();
        await page.waitForURL(`${fixture.server().url}/`);
        const after = await open(page, "/user/events");
        expect(after?.url()).toContain("/user/login");
      },
    );
  });
});

describe("a second organiser", () => {
  it("can neither open nor change the first organiser's party", async () => {
    const other = { email: "fremd@example.org", password: "Ganz anderes Passwort hier" };
    const { authorization } = await createOrganiser(fixture, { ...other, name: "Fremd" });
    const change = await fetch(`${fixture.server().url}/api/events/${partyId}/`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization },
      body: JSON.stringify({ title: "Gekapert", start: wallClock(7, 23), online: true }),
    });
    expect(change.status).toBe(403);
    expect(await change.json()).toEqual({ detail: "Das ist nicht Deine Party." });
    const removal = await fetch(`${fixture.server().url}/api/events/${partyId}/`, {
      method: "DELETE",
      headers: { authorization },
    });
    expect(removal.status).toBe(403);

    await withPhone(async (page) => {
      await login(fixture, page, other);
      const response = await open(page, `/events/bearbeiten/${partyId}`);
      expect(response?.status()).toBe(404);
      expect(await page.getByText("Die Seite wurde nicht gefunden").first().isVisible()).toBe(true);
      await open(page, "/user/events");
      expect(await page.getByText(title).count()).toBe(0);
      await open(page, partyPath);
      await page.getByRole("heading", { level: 1 }).waitFor();
      expect(await page.getByRole("link", { name: "Bearbeiten", exact: true }).count()).toBe(0);
    });
    const party = await (await fetch(`${fixture.server().url}/api/events/${partyId}/`)).json();
    expect(party.title).toBe(`${title} XXL`);
  });
});
