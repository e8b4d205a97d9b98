import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { TOP_EVENT_BADGE } from "#common/top-event-badge.ts";
import {
  eventually,
  expectNoSeriousAxeViolations,
  open,
  setUpBrowserFixture,
} from "./browser-fixtures.ts";

/**
 * Issue 26 "Ready for launch day", the pages (decisions 0212, 0213): the paid badge says it is
 * paid and never covers a flyer, the phone filter leads to its results, the night comes first
 * on party and club pages, and every address gets "Anfahrt". Against the demo data, the clock
 * fixed on a Friday evening.
 */

const FRIDAY_EVENING = "2026-11-27T17:00:00Z";
const fixture = setUpBrowserFixture({ env: { NODE_ENV: "test", TEST_FIXED_NOW: FRIDAY_EVENING } });
const url = fixture.url;

type Box = { x: number; y: number; width: number; height: number };

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${String(locator)} is not on the page`);
  return box;
}

interface EventJson {
  id: number;
  url: string;
  status: string;
  is_top: boolean;
  top_badge: string | null;
  location: { id: number } | null;
  venue_address: string | null;
}

/** The published parties of the coming nights, as the API lists them. */
async function upcomingParties(): Promise<EventJson[]> {
  const response = await fetch(url("/api/events/?page_size=100"));
  expect(response.status).toBe(200);
  const body = (await response.json()) as { results: EventJson[] };
  return body.results.filter((event) => event.status === "published");
}

describe("the top event's badge", () => {
  /** Every badge of the night list against its card's flyer: apart, whole, on one line. */
  async function badgesAgainstFlyers(page: Page) {
    const cards = page.locator("#nachtliste article.event-card", {
      has: page.getByText(TOP_EVENT_BADGE, { exact: true }),
    });
    const count = await cards.count();
    expect(count).toBeGreaterThan(0);
    const faults: string[] = [];
    for (let index = 0; index < count; index += 1) {
      const card = cards.nth(index);
      const badge = card.getByText(TOP_EVENT_BADGE, { exact: true });
      const [badgeBox, flyerBox, cardBox] = await Promise.all([
        boxOf(badge),
        boxOf(card.locator(".event-card-flyer")),
        boxOf(card),
      ]);
      const { lines, clipped } = await badge.evaluate((element) => {
        const range = document.createRange();
        range.selectNodeContents(element);
        const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
        return { lines: tops.size, clipped: element.scrollWidth > element.clientWidth + 1 };
      });
      const title = (await card.locator("h3").textContent())?.trim();
      if (overlaps(badgeBox, flyerBox)) faults.push(`${title}: badge on the flyer`);
      if (lines !== 1) faults.push(`${title}: badge on ${lines} lines`);
      if (clipped || badgeBox.x + badgeBox.width > cardBox.x + cardBox.width) {
        faults.push(`${title}: badge cut off`);
      }
    }
    return faults;
  }

  it.each([320, 390, 1280])("stays off the flyer and says it is paid at %i px", async (width) => {
    const viewport = { width, height: width > 1000 ? 900 : 844 };
    await fixture.withPage({ viewport, withoutNewsletterPopup: true }, async (page) => {
      await open(page, url("/"));
      expect(await badgesAgainstFlyers(page)).toEqual([]);
    });
  });

  it("stays off the flyer in the phone's card grid too", async () => {
    await fixture.withPage({ withoutNewsletterPopup: true }, async (page) => {
      await open(page, url("/"));
      await page.getByRole("button", { name: "Kacheln" }).click();
      await page.locator("html[data-view='grid']").waitFor({ state: "attached" });
      expect(await badgesAgainstFlyers(page)).toEqual([]);
    });
  });

  it("is the same on the party page and in the API", async () => {
    const parties = await upcomingParties();
    const top = parties.find((event) => event.is_top);
    expect(top?.top_badge).toBe(TOP_EVENT_BADGE);
    expect(parties.find((event) => !event.is_top)?.top_badge).toBeNull();
    await fixture.withPage({ withoutNewsletterPopup: true }, async (page) => {
      await open(page, url(top!.url));
      const party = page.locator("main article", { has: page.getByRole("heading", { level: 1 }) });
      expect(await party.getByText(TOP_EVENT_BADGE, { exact: true }).count()).toBe(1);
    });
  });
});

describe("the filter on a phone", () => {
  /** Chooses the genre of the first party of the night list and presses "Partys zeigen". */
  async function filterByFirstGenre(page: Page): Promise<string> {
    const genres = await page
      .locator("#nachtliste article.event-card .event-card-genres")
      .first()
      .textContent();
    const genre = genres!.split(" · ")[0]!.trim();
    await page.getByText("Filter", { exact: true }).click();
    await page.getByRole("checkbox", { name: genre, exact: true }).check();
    await page.getByRole("button", { name: "Partys zeigen" }).click();
    await page.waitForURL((address) => address.searchParams.has("genre"));
    return genre;
  }

  /** Where the first result card is, once the page has scrolled to it. */
  const firstCardInFirstScreen = (page: Page) =>
    eventually(async () => {
      const box = await boxOf(page.locator("#nachtliste article.event-card").first());
      return box.y >= 0 && box.y + box.height <= 844;
    }).toBe(true);

  it("closes on “Partys zeigen”, shows the first result on the screen and the genre as a removable chip", async () => {
    await fixture.withPage({ withoutNewsletterPopup: true }, async (page) => {
      await open(page, url("/"));
      const genre = await filterByFirstGenre(page);
      await firstCardInFirstScreen(page);
      const panel = page.locator("main details").first();
      expect(await panel.evaluate((details: HTMLDetailsElement) => details.open)).toBe(false);
      const chips = page.getByRole("list", { name: "Aktive Filter" });
      const chip = chips.getByRole("link", { name: `${genre} (Filter entfernen)` });
      expect(await chip.count()).toBe(1);
      await expectNoSeriousAxeViolations(page, "main");
      await chip.click();
      await page.waitForURL((address) => !address.searchParams.has("genre"));
      // The address changes before the new page has rendered.
      await expect.poll(() => chips.count()).toBe(0);
    });
  });

  it("does the same without JavaScript", async () => {
    await fixture.withPage(
      { javaScriptEnabled: false, withoutNewsletterPopup: true },
      async (page) => {
        await page.goto(url("/"));
        await filterByFirstGenre(page);
        expect(new URL(page.url()).hash).toBe("#ergebnisse");
        await firstCardInFirstScreen(page);
      },
    );
  });
});

describe("the night first on a phone", () => {
  it("shows a party's flyer before its line-up, its text and “Anfahrt”", async () => {
    // A party in a club with a line-up and a text (the demo gives the first ones line-ups).
    let path: string | undefined;
    for (const event of (await upcomingParties()).filter((party) => party.location)) {
      const html = await (await fetch(url(event.url))).text();
      if (html.includes('id="line-up"') && html.includes('data-testid="party-description"')) {
        path = event.url;
        break;
      }
    }
    expect(path).toBeDefined();
    await fixture.withPage({ withoutNewsletterPopup: true }, async (page) => {
      await open(page, url(path!));
      const main = page.getByRole("main");
      const order = await Promise.all(
        [
          main.getByRole("img", { name: /^Flyer: / }),
          main.getByRole("heading", { level: 1 }),
          main.locator("dt", { hasText: "Beginn" }),
          main.locator("dt", { hasText: "Ort" }),
          main.getByRole("heading", { name: "Line-up", exact: true }),
          main.getByTestId("party-description"),
          main.getByRole("heading", { name: "Anfahrt", exact: true }),
        ].map(async (part) => (await boxOf(part)).y),
      );
      expect(order).toEqual([...order].sort((a, b) => a - b));
      // The flyer, the title and the night's facts on the first screen.
      expect(order[3]).toBeLessThan(844);
    });
  });

  it("shows a club's coming parties before its map", async () => {
    const club = (await upcomingParties()).find((event) => event.location)!.location!;
    await fixture.withPage({ withoutNewsletterPopup: true }, async (page) => {
      await open(page, url(`/club/x/${club.id}`));
      const main = page.getByRole("main");
      const firstParty = await boxOf(main.locator("article.event-card").first());
      const gettingThere = await boxOf(main.getByRole("heading", { name: "Anfahrt", exact: true }));
      expect(firstParty.y).toBeLessThan(gettingThere.y);
    });
  });
});

describe("“Anfahrt” for every address", () => {
  it("gives a party at a place without a club page the Route link by its address", async () => {
    const party = (await upcomingParties()).find(
      (event) => event.location === null && event.venue_address,
    );
    expect(party).toBeDefined();
    await fixture.withPage({ withoutNewsletterPopup: true }, async (page) => {
      await open(page, url(party!.url));
      const gettingThere = page.getByRole("region", { name: "Anfahrt" });
      const route = gettingThere.getByRole("link", { name: "Route" });
      expect(await route.getAttribute("href")).toBe(
        `https://www.openstreetmap.org/search?query=${encodeURIComponent(party!.venue_address!)}`,
      );
      expect(await gettingThere.textContent()).toContain(party!.venue_address);
      // No coordinates without a geocoding service: no map, nothing asked of OpenStreetMap.
      expect(await page.getByTestId("map-placeholder").count()).toBe(0);
      await expectNoSeriousAxeViolations(page, "main");
    });
  });
});
