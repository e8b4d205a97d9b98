import ICAL from "ical.js";
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { makeTempDataDir, removeDir, startAppServer } from "./app-server.ts";
import {
  eventually,
  expectNoSeriousAxeViolations,
  setUpBrowserFixture,
} from "./browser-fixtures.ts";
import { declineConsent } from "./consent-dialog.ts";
import { fillNovemberWeekend, fillSpringChangeWeekend, prepareDataDir } from "./visitor-data.ts";

/**
 * A visitor's night out on the built site: home → party → club → organiser → genre → search →
 * calendar file, at phone and desktop widths, with the clock fixed at Saturday 02:30 (so
 * Friday's night is still "Heute"); then the weekend of the spring clock change.
 */

const dataDirs: string[] = [];

/** The built site on a DATA_DIR filled by `fill`, the clock fixed at `fixedNow`. */
const fixtureWith = (fill: Parameters<typeof prepareDataDir>[1], fixedNow: string) =>
  setUpBrowserFixture(async () => {
    const dataDir = makeTempDataDir();
    dataDirs.push(dataDir);
    await prepareDataDir(dataDir, fill);
    return startAppServer({ dataDir, env: { NODE_ENV: "test", TEST_FIXED_NOW: fixedNow } });
  });

async function jsonLdOf(page: Page): Promise<Record<string, unknown>> {
  const text = await page.locator('script[type="application/ld+json"]').first().textContent();
  return JSON.parse(text ?? "null") as Record<string, unknown>;
}

const heading = (page: Page) => page.getByRole("heading", { level: 1 });

afterAll(() => {
  for (const dir of dataDirs) removeDir(dir);
});

describe("a visitor's night out (Saturday 02:30)", () => {
  const night = fixtureWith(fillNovemberWeekend, "2026-11-21T01:30:00Z");

  for (const width of [375, 1280]) {
    // Seven pages, a download and an accessibility check: 38–44 s on the machine at half speed
    // (2026-12-02), so it gets 180 s rather than the default 60 — a third stays above that.
    it(`walks home → party → club → organiser → genre → search → calendar file at ${width} px`, async () => {
      await night.withPage({ viewport: { width: width, height: 900 } }, async (page) => {
        await page.goto(`${night.server().url}/`);
        await declineConsent(page);
        // After midnight, Friday's night is still tonight; the top event comes first.
        const tonight = page.locator("section", {
          has: page.getByRole("heading", { name: /^Heute · Fr\., 20\.11\./ }),
        });
        await eventually(() => tonight.isVisible()).toBe(true);
        // Friday's night starts the weekend: the target of the app's "Wochenende" shortcut.
        expect(await page.locator("#wochenende").getAttribute("aria-labelledby")).toBe(
          "nacht-2026-11-20",
        );
        const cards = tonight.getByRole("article");
        expect(await cards.first().textContent()).toContain("Top-Event");
        expect(await cards.allTextContents()).toEqual([
          expect.stringContaining("Freitagsklubnacht"),
          expect.stringContaining("Späte Runde"),
        ]);
        expect(await page.getByRole("heading", { name: /^Morgen · Sa\., 21\.11\./ }).count()).toBe(
          1,
        );
        expect(await page.getByText("Abgesagt").count()).toBeGreaterThan(0);
        await expectNoSeriousAxeViolations(page);

        // At 02:30 "Jetzt" names Friday's parties still running, above the listing.
        expect(await page.getByRole("region", { name: "Jetzt" }).textContent()).toContain(
          "Freitagsklubnacht",
        );
        await tonight.getByRole("link", { name: "Freitagsklubnacht" }).click();
        await page.waitForURL(/\/party\/freitagsklubnacht\/\d+$/);
        await eventually(async () => (await heading(page).textContent())?.trim()).toBe(
          "Freitagsklubnacht",
        );
        expect(await page.getByText("Fr., 20.11.2026, 23:00 Uhr").count()).toBe(1);
        expect(await page.getByTestId("external-media-placeholder").count()).toBe(1);
        expect(await page.locator("iframe").count()).toBe(0);
        const jsonLd = await jsonLdOf(page);
        expect(jsonLd).toMatchObject({
          "@type": "Event",
          name: "Freitagsklubnacht",
          startDate: "2026-11-20T23:00:00+01:00",
          endDate: "2026-11-21T07:00:00+01:00",
          eventStatus: "https://schema.org/EventScheduled",
          location: { "@type": "Place", name: "Distillerie Süd", address: { postalCode: "04107" } },
          organizer: [{ "@type": "Organization", name: "Kollektiv Nachtschicht" }],
          offers: { "@type": "Offer", price: "15.00", priceCurrency: "EUR" },
        });
        expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toMatch(
          /\/party\/freitagsklubnacht\/\d+$/,
        );
        expect(await page.locator('meta[property="og:title"]').getAttribute("content")).toContain(
          "Freitagsklubnacht",
        );
        await expectNoSeriousAxeViolations(page);

        const calendarHref = await page
          .getByRole("link", { name: "In Kalender speichern" })
          .getAttribute("href");
        const ics = await (await fetch(`${night.server().url}${calendarHref}`)).text();
        const vcalendar = new ICAL.Component(ICAL.parse(ics));
        ICAL.TimezoneService.register(vcalendar.getFirstSubcomponent("vtimezone")!);
        const vevent = new ICAL.Event(vcalendar.getFirstSubcomponent("vevent")!);
        expect(vevent.summary).toBe("Freitagsklubnacht");
        expect(vevent.startDate.toJSDate().toISOString()).toBe("2026-11-20T22:00:00.000Z");

        await page.getByRole("link", { name: "Distillerie Süd" }).first().click();
        await page.waitForURL(/\/club\/distillerie-sued\/\d+$/);
        await eventually(async () => (await heading(page).textContent())?.trim()).toBe(
          "Distillerie Süd",
        );
        expect(await page.getByRole("heading", { name: "Vergangene Partys" }).count()).toBe(1);
        await expectNoSeriousAxeViolations(page);

        await page.goBack();
        await page.getByRole("link", { name: "Kollektiv Nachtschicht" }).click();
        await page.waitForURL(/\/party-veranstalter\/kollektiv-nachtschicht\/\d+$/);
        await eventually(async () => (await heading(page).textContent())?.trim()).toBe(
          "Kollektiv Nachtschicht",
        );
        expect(await page.getByRole("link", { name: "Samstag im Hafen" }).count()).toBe(1);
        await expectNoSeriousAxeViolations(page);

        await page.goBack();
        await page.getByRole("link", { name: "Techno", exact: true }).click();
        await page.waitForURL(/\/party\/genre\/techno\/\d+$/);
        await eventually(async () => (await heading(page).textContent())?.trim()).toBe(
          "Techno-Partys",
        );
        await expectNoSeriousAxeViolations(page);

        if (width < 768) await page.getByRole("button", { name: /Menü/ }).click();
        const searchBox = page
          .getByRole("combobox", { name: "Partys, Clubs und Veranstalter suchen" })
          .locator("visible=true");
        await searchBox.fill("nachtschicht");
        await eventually(() => page.getByRole("option").first().textContent()).toContain(
          "Kollektiv Nachtschicht",
        );
        await searchBox.press("Enter");
        await page.waitForURL(/\/suche\?q=nachtschicht/);
        await eventually(() => page.getByRole("link", { name: "Freitagsklubnacht" }).count()).toBe(
          1,
        );
        await expectNoSeriousAxeViolations(page);
      });
    }, 180_000);
  }

  it("loads the next nights in place and offers plain ?page= links", async () => {
    // Without JavaScript: a plain link to the next page.
    const firstPage = await (await fetch(`${night.server().url}/?page_size=1`)).text();
    expect(firstPage).toContain('href="/?page_size=1&amp;page=2"');
    expect(firstPage).toContain("Weitere Partys");
    await night.withPage({ viewport: { width: 1280, height: 900 } }, async (page) => {
      await page.goto(`${night.server().url}/?page_size=1`);
      // With JavaScript the next night loads in place: on its own when the end of the list is
      // near (as here, one night a page), or by the "Weitere Partys" button once hydrated (the
      // consent buttons are enabled then).
      const hydrated = page.getByRole("button", { name: "Alle ablehnen" });
      const more = page.getByRole("link", { name: "Weitere Partys" });
      await eventually(async () => {
        if ((await hydrated.isEnabled()) && (await more.isVisible())) {
          await more.click({ timeout: 2_000 }).catch(() => {});
        }
        return page.getByRole("heading", { name: /^Morgen · Sa\., 21\.11\./ }).count();
      }).toBe(1);
      expect(page.url()).toBe(`${night.server().url}/?page_size=1`);
    });
    const secondPage = await (await fetch(`${night.server().url}/?page=2&page_size=1`)).text();
    expect(secondPage).toContain("Morgen · Sa., 21.11.");
    expect(secondPage).not.toContain("Heute · Fr., 20.11.");
  });
});

describe("the weekend of the spring clock change", () => {
  const spring = fixtureWith(fillSpringChangeWeekend, "2027-03-26T20:00:00Z");

  it("keeps the 03:30 summer-time party in Saturday's night with the right offsets", async () => {
    await spring.withPage({ viewport: { width: 375, height: 900 } }, async (page) => {
      await page.goto(`${spring.server().url}/`);
      const saturday = page.locator("section", {
        has: page.getByRole("heading", { name: /^Morgen · Sa\., 27\.03\./ }),
      });
      await eventually(() => saturday.getByRole("article").allTextContents()).toEqual([
        expect.stringContaining("23:00 Uhr"),
        expect.stringContaining("03:30 Uhr"),
      ]);
      await page.getByRole("link", { name: "Nach der Umstellung" }).click();
      await page.waitForURL(/\/party\/nach-der-umstellung\/\d+$/);
      await eventually(() => page.getByText("So., 28.03.2027, 03:30 Uhr").count()).toBe(1);
      expect((await jsonLdOf(page)).startDate).toBe("2027-03-28T03:30:00+02:00");
      await page.goBack();
      await page.getByRole("link", { name: "Vor der Umstellung" }).click();
      await page.waitForURL(/\/party\/vor-der-umstellung\/\d+$/);
      await eventually(async () => (await jsonLdOf(page)).endDate).toBe(
        "2027-03-28T06:00:00+02:00",
      );
      expect((await jsonLdOf(page)).startDate).toBe("2027-03-27T23:00:00+01:00");
    });
  });
});
