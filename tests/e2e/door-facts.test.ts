import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { toDateTimeInput } from "#common/date-time-input.ts";
import { partyNightOf } from "#common/dates.ts";
import { doorFactMessages } from "#common/schemas/door-facts.ts";
import { slugify } from "#common/slug.ts";
import { adminPaths, clubPath, editEventPath, eventPath } from "#common/urls.ts";
import { schemaOrgPropertiesOf } from "#tests/setup/schema-org-vocabulary.ts";
import {
  createOrganiser,
  eventually,
  expectNoSeriousAxeViolations,
  login,
  open as openUrl,
  setUpBrowserFixture,
} from "./browser-fixtures.ts";
import { startDemoWithAdmin } from "./demo-with-admin.ts";

/**
 * "Einlass & Awareness" (issue 29, point 1; decision 0220) on the built site with its demo
 * data: an admin sets a club's door facts (a contradiction refused first), an organiser's two
 * parties there show them, one overrides the minimum age through the event form, the listing's
 * "ab 16" and "mit Awareness-Team" filters find it by a shareable address, and the facts are in
 * the API and the JSON-LD; the FAQ explains the card.
 */

const TIME_ZONE = "Europe/Berlin";
const admin = {
  email: "tuer@example.org",
  password: "Einlass für alle Nachteulen 2026",
  name: "Tür",
};
const organiser = {
  email: "einlass@example.org",
  password: "Tür auf bis zum Morgengrauen",
  name: "Kollektiv Türsteher",
};
const dataDir = mkdtempSync(path.join(os.tmpdir(), "clubkalender-door-e2e-"));

afterAll(() => rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 }));

const fixture = setUpBrowserFixture(() => startDemoWithAdmin(dataDir, admin));
const open = (page: Page, pathname: string) => openUrl(page, fixture.url(pathname));
const desktop = { withoutNewsletterPopup: true, viewport: { width: 1280, height: 900 } };

async function jsonLdOf(page: Page): Promise<Record<string, unknown>> {
  const text = await page.locator('script[type="application/ld+json"]').first().textContent();
  return JSON.parse(text ?? "null") as Record<string, unknown>;
}

// Two days ahead, 22:00 UTC (late evening in the city): a night the listing can be filtered to.
const start = new Date(Date.now() + 2 * 86_400_000);
start.setUTCHours(22, 0, 0, 0);
const night = partyNightOf(start, TIME_ZONE);
const parties = { adults: "Kellerbeben Volljährig", youth: "Jugendtanz ab Sechzehn" };
const ids: Record<keyof typeof parties, number> = { adults: 0, youth: 0 };
let clubId = 0;

describe("door and awareness facts", () => {
  it("an admin sets them on a club; a Muttizettel with ab 18 is refused", async () => {
    await fixture.withPage(desktop, async (page) => {
      await login(fixture, page, admin);
      await open(page, adminPaths.editClub("neu"));
      await page.locator("#name").fill("Tanzhalle Tür");
      await page.locator("#address").fill("Karl-Heine-Straße 50");
      await page.locator("#postcode").fill("04229");
      const door = page.getByRole("group", { name: "Einlass & Awareness" });
      await door.getByLabel("Mindestalter").selectOption("18");
      await door.getByLabel("Muttizettel").selectOption("yes");
      await page.getByRole("button", { name: "Speichern" }).click();
      await eventually(() => page.getByText(doorFactMessages.consentWithAdultsOnly).count()).toBe(
        1,
      );
      expect(page.url()).toContain(adminPaths.editClub("neu"));

      await door.getByLabel("Muttizettel").selectOption("no");
      await door.getByLabel("Ausweis nötig").selectOption("yes");
      await door.getByLabel("Awareness-Team vor Ort").selectOption("yes");
      await door
        .getByLabel("Wo ist das Awareness-Team zu finden?")
        .fill("Lila Westen, Infopoint am Eingang");
      await door.getByLabel("Stufenloser Eingang").selectOption("yes");
      await door.getByLabel("Bezahlen an der Tür").selectOption("card");
      await door.getByLabel("Bezahlen an der Bar").selectOption("card");
      await expectNoSeriousAxeViolations(page, "main");
      await page.getByRole("button", { name: "Speichern" }).click();
      await page.waitForURL(/\/admin\/katalog\/clubs\/\d+$/);
      clubId = Number(/(\d+)$/.exec(page.url())![1]);
      expect(await door.getByLabel("Mindestalter").inputValue()).toBe("18");
      expect(await door.getByLabel("Awareness-Team vor Ort").inputValue()).toBe("yes");
    });
    const club = (await (await fetch(fixture.url(`/api/locations/${clubId}/`))).json()) as {
      door: Record<string, unknown>;
    };
    expect(club.door).toMatchObject({
      min_age: 18,
      parental_consent: false,
      awareness_team: true,
      step_free: true,
      payment_door: "card",
      quiet_room: null,
    });
  });

  it("an organiser's party shows them; another overrides the minimum age in the form", async () => {
    const { authorization } = await createOrganiser(fixture, organiser);
    for (const key of ["adults", "youth"] as const) {
      const response = await fetch(fixture.url("/api/events/"), {
        method: "POST",
        headers: { authorization, "content-type": "application/json" },
        body: JSON.stringify({
          title: parties[key],
          start: toDateTimeInput(start, TIME_ZONE),
          location: clubId,
        }),
      });
      expect(response.status).toBe(201);
      ids[key] = ((await response.json()) as { id: number }).id;
    }
    await fixture.withPage(desktop, async (page) => {
      await login(fixture, page, organiser);
      await open(page, editEventPath(ids.youth));
      const door = page.getByRole("group", { name: "Einlass & Awareness" });
      expect(await door.getByLabel("Awareness-Team vor Ort").inputValue()).toBe("");
      await expectNoSeriousAxeViolations(page, "main");
      await door.getByLabel("Mindestalter").fill("16");
      await page.getByRole("button", { name: "Änderungen speichern" }).click();
      await page.waitForURL(/gespeichert=1/);
    });
    await fixture.withPage(desktop, async (page) => {
      await open(page, eventPath({ id: ids.adults, slug: "kellerbeben-volljaehrig" }));
      const card = page.getByRole("region", { name: "Einlass & Awareness" });
      const lines = await card.getByRole("listitem").allTextContents();
      expect(lines).toEqual([
        "Ab 18 Jahren",
        "Kein Muttizettel",
        "Ausweis mitbringen",
        "Awareness-Team vor OrtLila Westen, Infopoint am Eingang",
        "Stufenloser Eingang",
        "An der Tür auch mit Karte",
        "An der Bar auch mit Karte",
      ]);
      const jsonLd = await jsonLdOf(page);
      expect(jsonLd.typicalAgeRange).toBe("18-");
      expect((jsonLd.location as Record<string, unknown>).amenityFeature).toEqual([
        { "@type": "LocationFeatureSpecification", name: "Stufenloser Eingang", value: true },
      ]);
      expect(schemaOrgPropertiesOf(jsonLd)).toEqual([]);
      await expectNoSeriousAxeViolations(page, "main");

      await open(page, eventPath({ id: ids.youth, slug: "jugendtanz-ab-sechzehn" }));
      expect(await card.getByRole("listitem").first().textContent()).toBe("Ab 16 Jahren");
      expect((await jsonLdOf(page)).typicalAgeRange).toBe("16-");

      // The club's page shows its own facts, the defaults, not the one party's override.
      await open(page, clubPath({ id: clubId, slug: slugify("Tanzhalle Tür") }));
      expect(await card.getByRole("listitem").allTextContents()).toEqual(lines);
      await expectNoSeriousAxeViolations(page, "main");
    });
    const party = (await (await fetch(fixture.url(`/api/events/${ids.youth}/`))).json()) as {
      age_limit: number;
      door: Record<string, unknown>;
    };
    expect(party.age_limit).toBe(16);
    expect(party.door).toMatchObject({
      min_age: 16,
      parental_consent: false,
      awareness_team: true,
      awareness_contact: "Lila Westen, Infopoint am Eingang",
      payment_bar: "card",
      re_entry: null,
    });
  });

  it("the listing filters ab 16 and mit Awareness-Team, in a shareable address", async () => {
    await fixture.withPage(desktop, async (page) => {
      await open(page, `/?date_from=${night}&date_to=${night}`);
      const titles = () => page.locator("article.event-card h3").allTextContents();
      // The list of the new address: the party for 16-year-olds, not the one for adults.
      const onlyYouth = async () => {
        const shown = await titles();
        return shown.includes(parties.youth) && !shown.includes(parties.adults);
      };
      await eventually(titles).toEqual(expect.arrayContaining(Object.values(parties)));
      await page.getByText("Filter", { exact: true }).click();
      await page.getByLabel("ab 16").check();
      await page.getByRole("button", { name: "Partys zeigen" }).click();
      await page.waitForURL(/age16=1/);
      await eventually(onlyYouth).toBe(true);
      await page.getByText("Filter (aktiv)", { exact: true }).click();
      await page.getByLabel("mit Awareness-Team").check();
      await page.getByRole("button", { name: "Partys zeigen" }).click();
      await page.waitForURL(/awareness=1/);
      const shared = page.url();
      // The address alone gives the same list: it can be shared (and kept by the page cache).
      await open(page, shared.replace(fixture.url(""), ""));
      expect(await onlyYouth()).toBe(true);
      expect(await page.getByRole("list", { name: "Aktive Filter" }).textContent()).toContain(
        "mit Awareness-Team",
      );
    });
  });

  it("the FAQ explains the card in German", async () => {
    await fixture.withPage(desktop, async (page) => {
      await open(page, "/faq");
      const question = page.getByText("Was steht unter „Einlass & Awareness“?");
      await question.click();
      expect(await page.locator("main").textContent()).toContain(
        "Was niemand angegeben hat, steht nicht auf der Karte.",
      );
    });
  });
});
