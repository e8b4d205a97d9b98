import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { slugify } from "#common/slug.ts";
import { eventPath } from "#common/urls.ts";
import {
  type BrowserFixture,
  createOrganiser,
  eventually,
  hydrated,
  open,
  setUpBrowserFixture,
} from "./browser-fixtures.ts";

/**
 * The Nachtplan (decision 0223): a visitor picks four sets of two parties in two clubs (one
 * clash), sees them in time order with the walk between the clubs, reloads the plan offline,
 * and a friend opens the shared link read-only; the organiser moves a set, and both plans mark
 * it. The server's clock is fixed (Friday evening); the parties are on Saturday's night.
 */
const fixture = setUpBrowserFixture(
  { env: { NODE_ENV: "test", TEST_FIXED_NOW: "2026-11-20T20:00:00Z" } },
  { viewport: { width: 1280, height: 900 } },
);

const organiser = {
  email: "nachtplan@example.org",
  password: "Von Club zu Club bis zum Morgen",
  name: "Kollektiv Nachtplan",
};

type Set = { artist: string; floor: string; start: string; end: string };

const parties = {
  kessel: {
    title: "Kesselnacht",
    lineup: [
      { artist: "Nachteule", floor: "Main", start: "23:00", end: "00:30" },
      { artist: "Ellen Allien", floor: "Main", start: "03:30", end: "05:00" },
    ],
  },
  umspann: {
    title: "Umspannwerk bis früh",
    lineup: [
      { artist: "Mira Morgenrot", floor: "Halle", start: "01:00", end: "02:30" },
      { artist: "Bassfräulein", floor: "Keller", start: "02:00", end: "03:00" },
    ],
  },
};

/** Two clubs of the demo data with coordinates. */
async function twoClubsWithCoordinates(server: BrowserFixture): Promise<number[]> {
  const clubs = (await (await fetch(server.url("/api/locations/"))).json()) as { id: number }[];
  const found: number[] = [];
  for (const { id } of clubs) {
    const club = (await (await fetch(server.url(`/api/locations/${id}/`))).json()) as {
      lat: number | null;
    };
    if (club.lat !== null) found.push(id);
    if (found.length === 2) return found;
  }
  throw new Error("The demo data has no two clubs with coordinates");
}

async function saveParty(
  authorization: string,
  party: { title: string; lineup: Set[] },
  club: number,
  id?: number,
): Promise<number> {
  const response = await fetch(fixture.url(id ? `/api/events/${id}/` : "/api/events/"), {
    method: "POST",
    headers: { authorization, "content-type": "application/json" },
    body: JSON.stringify({
      title: party.title,
      start: "2026-11-21T23:00",
      end: "2026-11-22T06:00",
      location: club,
      lineup: party.lineup,
    }),
  });
  expect(response.status).toBe(id ? 200 : 201);
  return ((await response.json()) as { id: number }).id;
}

const planSets = (page: Page) => page.getByTestId("nachtplan-set");

const expected = [
  { artist: "Nachteule", clash: false },
  { artist: "Mira Morgenrot", clash: true },
  { artist: "Bassfräulein", clash: true },
  { artist: "Ellen Allien", clash: false },
];

/**
 * The plan's four sets in time order, the clash marked, the walk between the two clubs (there
 * and back), and Ellen Allien's set marked `moved`, or no set marked.
 */
async function expectPlan(page: Page, moved: string | null) {
  await eventually(() => planSets(page).count()).toBe(4);
  if (moved) await eventually(() => planSets(page).nth(3).textContent()).toContain(moved);
  const rows = await planSets(page).allTextContents();
  expect(rows.map((row, index) => row.includes(expected[index]!.artist))).toEqual(
    expected.map(() => true),
  );
  expect(rows.map((row) => row.includes("Überschneidung"))).toEqual(
    expected.map((set) => set.clash),
  );
  if (!moved) expect(rows.join(" ")).not.toContain("verschoben");
  const walks = await page.getByTestId("fussweg").allTextContents();
  expect(walks).toHaveLength(2);
  for (const walk of walks) expect(walk).toMatch(/ca\. \d+ Min\. zu Fuß \(\d+(,\d)? km\)/);
}

describe("the Nachtplan", () => {
  it("is built across two clubs, opens offline, is shared read-only and marks a moved set", async () => {
    const [kesselClub, umspannClub] = await twoClubsWithCoordinates(fixture);
    const { authorization } = await createOrganiser(fixture, organiser);
    const kessel = await saveParty(authorization, parties.kessel, kesselClub!);
    const umspann = await saveParty(authorization, parties.umspann, umspannClub!);
    const pathOf = (id: number, title: string) => eventPath({ id, slug: slugify(title) });

    await fixture.withPage({}, async (page, context) => {
      await open(page, fixture.url(pathOf(kessel, parties.kessel.title)));
      // The worker must control the page to keep the plan for offline use.
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
        timeout: 30_000,
      });
      for (const artist of ["Nachteule", "Ellen Allien"]) {
        await page.getByRole("button", { name: `In den Nachtplan: ${artist}` }).click();
        await eventually(() =>
          page
            .getByRole("button", { name: `Im Nachtplan: ${artist}` })
            .getAttribute("aria-pressed"),
        ).toBe("true");
      }
      await open(page, fixture.url(pathOf(umspann, parties.umspann.title)));
      for (const artist of ["Mira Morgenrot", "Bassfräulein"]) {
        await page.getByRole("button", { name: `In den Nachtplan: ${artist}` }).click();
      }
      await page.getByRole("link", { name: "Mein Nachtplan (4 Sets)" }).click();
      await page.waitForURL(fixture.url("/nachtplan"));

      await expectPlan(page, null);
      const routeLink = page.getByRole("link", { name: /^Route zu / }).first();
      expect(await routeLink.getAttribute("href")).toMatch(
        /^https:\/\/www\.openstreetmap\.org\/directions\?engine=fossgis_osrm_foot&route=/,
      );

      // The calendar file holds the four sets.
      const calendarHref = await page
        .getByRole("link", { name: "Als Kalender speichern (.ics)" })
        .getAttribute("href");
      const calendar = await (await fetch(fixture.url(calendarHref!))).text();
      expect(calendar.match(/BEGIN:VEVENT/g)).toHaveLength(4);
      expect(calendar).toContain("SUMMARY:Mira Morgenrot – Umspannwerk bis früh");

      // Offline, the plan opens from the worker's copy and the browser's storage.
      await context.setOffline(true);
      await page.reload();
      await hydrated(page);
      await expectPlan(page, null);
      const shareUrl = await page.getByLabel(/^Link für Deine Freund\*innen/).inputValue();
      expect(shareUrl).toMatch(/\/nachtplan\?sets=\d+\./);
      await context.setOffline(false);

      // The organiser moves Ellen Allien by half an hour.
      await saveParty(
        authorization,
        {
          ...parties.kessel,
          lineup: [
            parties.kessel.lineup[0]!,
            { artist: "Ellen Allien", floor: "Main", start: "04:00", end: "05:30" },
          ],
        },
        kesselClub!,
        kessel,
      );

      const moved = "verschoben: 03:30–05:00 → 04:00–05:30 Uhr";
      await fixture.withPage({}, async (friend) => {
        await open(friend, shareUrl);
        await eventually(() => friend.getByRole("heading", { level: 1 }).textContent()).toBe(
          "Geteilter Nachtplan",
        );
        await expectPlan(friend, moved);
        // Read-only: nothing to remove, nothing to share.
        expect(await friend.getByRole("button", { name: /^Entfernen/ }).count()).toBe(0);
        expect(await friend.getByRole("button", { name: "Link kopieren" }).count()).toBe(0);

        // A link with a set that is gone says so, and shows the rest.
        await open(friend, `${shareUrl},999999.abc.`);
        await eventually(() => friend.getByRole("status").first().textContent()).toBe(
          "1 Set aus diesem Link gibt es nicht mehr: Es wurde aus dem Line-up genommen, oder die Party ist nicht mehr online.",
        );
        expect(await planSets(friend).count()).toBe(4);
      });

      // The owner's plan marks the moved set too, and takes the new times over on request.
      await page.reload();
      await expectPlan(page, moved);
      await page.getByRole("button", { name: "Neue Zeiten übernehmen" }).click();
      await eventually(() => page.getByText("verschoben:").count()).toBe(0);

      await page.getByRole("button", { name: "Entfernen: Bassfräulein" }).click();
      await eventually(() => planSets(page).count()).toBe(3);
      expect(await page.getByText("Überschneidung").count()).toBe(0);
    });
  });
});
