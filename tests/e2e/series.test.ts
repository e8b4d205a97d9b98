import ICAL from "ical.js";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { clubPath } from "#common/urls.ts";
import {
  createOrganiser,
  login,
  loginWithoutScripts,
  setUpBrowserFixture,
} from "./browser-fixtures.ts";

/**
 * Parties that repeat (issue 28 point 4, decision 0230), in the plain form (scripts off): an
 * organiser creates a weekly series, cancels one of its parties, changes „alle folgenden“ from the
 * fifth on, and sees the next eight weeks on the club's page and in its calendar feed — across the
 * clock change of 25 October, each party at its wall-clock time and with its own UID.
 */

// Thursday 2026-10-01, 12:00 in Berlin.
const fixture = setUpBrowserFixture({
  env: { NODE_ENV: "test", TEST_FIXED_NOW: "2026-10-01T10:00:00Z" },
});

const organiser = {
  email: "serie@example.org",
  password: "Jeden Freitag bis zum Morgen",
  name: "Freitagskollektiv",
};

const title = "Freitagsdisko am Fluss";
const newTitle = "Freitagsdisko am Fluss XL";

/** The ids of the organiser's listed parties with this title, in their order. */
async function partyIds(page: Page, name: string): Promise<number[]> {
  const links = page.getByRole("link", { name, exact: true });
  const hrefs = await Promise.all((await links.all()).map((link) => link.getAttribute("href")));
  return hrefs.map((href) => Number(href!.split("/").at(-1)));
}

describe("a weekly series", () => {
  it("is created, one party cancelled, „alle folgenden“ changed, and shows eight weeks on the club page and in its feed", async () => {
    const { authorization } = await createOrganiser(fixture, organiser);
    const ids = await fixture.withPage({ javaScriptEnabled: false }, async (page) => {
      await loginWithoutScripts(fixture, page, organiser);
      await page.goto(fixture.url("/events/erstellen"));
      await page.getByLabel("Titel").fill(title);
      await page.locator("#start").fill("2026-10-02T23:00");
      await page.locator("#end").fill("2026-10-03T06:00");
      const clubLabel = (await page.locator("#club-liste option").nth(1).getAttribute("value"))!;
      await page.getByLabel("Club", { exact: true }).fill(clubLabel);
      await page.getByLabel("Wiederholung").selectOption({ label: "Jede Woche" });
      await page.getByLabel("Bis einschließlich").fill("2027-12-31");
      await page.getByRole("button", { name: "Party speichern" }).click();
      // Too many parties for a series with an end day: a German message, nothing saved.
      await page.locator('[id="repeat_until-fehler"]').waitFor();
      expect(await page.locator('[id="repeat_until-fehler"]').textContent()).toBe(
        "Eine Serie mit Enddatum hat höchstens 52 Partys. Wähle ein früheres Enddatum.",
      );
      await page.getByLabel("Bis einschließlich").fill("");
      await page.getByRole("button", { name: "Party speichern" }).click();
      await page.waitForURL(fixture.url("/user/events?gespeichert=1"));
      const created = await partyIds(page, title);
      expect(created).toHaveLength(8);

      // The third party is cancelled alone.
      const third = page.getByRole("listitem").filter({
        has: page.locator(`a[href$="/${created[2]}"]`),
      });
      await third.locator("summary", { hasText: "Absagen" }).click();
      await third.locator('button[value="cancel"]').click();
      await page.waitForURL(/\/user\/events/);
      await third.getByText("Abgesagt").first().waitFor();

      // From the fifth on (after the clock change): a new title and 22:00.
      await page.goto(fixture.url(`/events/bearbeiten/${created[4]}`));
      expect(await page.getByRole("heading", { name: /^Serie: Jeden Freitag/ }).count()).toBe(1);
      expect(await page.getByLabel("Wiederholung").inputValue()).toBe("weekly");
      await page.getByLabel("Titel").fill(newTitle);
      await page.locator("#start").fill("2026-10-30T22:00");
      await page.locator("#end").fill("2026-10-31T06:00");
      await page.getByLabel("Diese und alle folgenden Partys der Serie").check();
      await page.getByRole("button", { name: "Änderungen speichern" }).click();
      await page.waitForURL(fixture.url("/user/events?gespeichert=1"));
      expect(await partyIds(page, title)).toEqual(created.slice(0, 4));
      expect(await partyIds(page, newTitle)).toEqual(created.slice(4));
      return created;
    });

    const detail = (await (
      await fetch(fixture.url(`/api/events/${ids[0]}/`), { headers: { authorization } })
    ).json()) as { location: { id: number; slug: string } };
    const club = detail.location;

    // The club's page lists every one of the eight, over its pages of nights.
    await fixture.withPage({ javaScriptEnabled: false }, async (page) => {
      const seen = new Set<number>();
      for (let pageNumber = 1; pageNumber <= 6 && seen.size < ids.length; pageNumber += 1) {
        const response = await page.goto(fixture.url(`${clubPath(club)}?page=${pageNumber}`));
        if (!response?.ok()) break;
        for (const id of ids) {
          if ((await page.locator(`a[href$="/${id}"]`).count()) > 0) seen.add(id);
        }
      }
      expect([...seen].sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
    });

    // The club's calendar feed: each party its own event and UID, at its wall-clock time.
    const ics = await (await fetch(fixture.url(`/feeds/club/${club.id}.ics`))).text();
    const calendar = new ICAL.Component(ICAL.parse(ics));
    ICAL.TimezoneService.register(calendar.getFirstSubcomponent("vtimezone")!);
    const entries = calendar
      .getAllSubcomponents("vevent")
      .map((component) => new ICAL.Event(component))
      .filter((entry) => entry.summary.includes(title));
    expect(entries.map((entry) => entry.uid)).toEqual(
      ids.map((id) => expect.stringMatching(new RegExp(`^party-${id}@`))),
    );
    expect(
      entries.map((entry) => [entry.summary, entry.startDate.toString().slice(0, 16)]),
    ).toEqual([
      [title, "2026-10-02T23:00"],
      [title, "2026-10-09T23:00"],
      [`Abgesagt: ${title}`, "2026-10-16T23:00"],
      [title, "2026-10-23T23:00"],
      [newTitle, "2026-10-30T22:00"],
      [newTitle, "2026-11-06T22:00"],
      [newTitle, "2026-11-13T22:00"],
      [newTitle, "2026-11-20T22:00"],
    ]);
    expect(entries[2]!.component.getFirstPropertyValue("status")).toBe("CANCELLED");
    expect(entries[4]!.startDate.toJSDate().toISOString()).toBe("2026-10-30T21:00:00.000Z");
    expect(entries[3]!.startDate.toJSDate().toISOString()).toBe("2026-10-23T21:00:00.000Z");

    // With scripts on: „nur diese“ changes the seventh alone; then the series is paused.
    await fixture.withPage(
      { declineConsentFirst: true, clockAt: "2026-10-01T10:00:00Z" },
      async (page) => {
        await login(fixture, page, organiser);
        await page.goto(fixture.url(`/events/bearbeiten/${ids[6]}`));
        await page.getByLabel("Nur diese Party").waitFor();
        expect(await page.getByLabel("Nur diese Party").isChecked()).toBe(true);
        await page.getByLabel("Titel").fill(`${newTitle} – Sonderausgabe`);
        await page.getByRole("button", { name: "Änderungen speichern" }).click();
        await page.waitForURL(fixture.url("/user/events?gespeichert=1"));
        // The list is rendered after the client-side navigation.
        await page
          .getByRole("link", { name: `${newTitle} – Sonderausgabe`, exact: true })
          .waitFor();
        expect(await partyIds(page, `${newTitle} – Sonderausgabe`)).toEqual([ids[6]]);
        expect(await partyIds(page, newTitle)).toEqual([ids[4], ids[5], ids[7]]);

        await page.goto(fixture.url(`/events/bearbeiten/${ids[7]}`));
        await page.getByRole("button", { name: "Serie pausieren" }).click();
        await page.getByText("Die Serie ist pausiert.").waitFor();
        await page.getByRole("button", { name: "Serie fortsetzen" }).waitFor();
      },
    );
  });
});
