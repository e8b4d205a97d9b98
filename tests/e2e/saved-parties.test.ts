import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  createOrganiser,
  eventually,
  expectNoSeriousAxeViolations,
  hydrated,
  login,
  open,
  setUpBrowserFixture,
} from "./browser-fixtures.ts";

/**
 * Merken without an account (issue 14, decisions 0180–0182): hearts save parties in the browser,
 * /gemerkt lists them by night offline too, and at login they move into the account, where
 * another browser signed in as the same person finds them.
 */

// Friday morning (the demo world of launch-day-money): the first hearts on "/" are parties still
// to come, which the reminder settings list. On the real clock, after midnight the first hearts
// were parties under way, which have no "Erinnern" any more.
const FRIDAY_MORNING = "2026-11-27T08:54:00Z";
const fixture = setUpBrowserFixture({
  env: { NODE_ENV: "test", TEST_FIXED_NOW: FRIDAY_MORNING },
});

const storedIds = (page: Page) =>
  page.evaluate(() => {
    const raw = localStorage.getItem("gemerkt");
    return raw ? (JSON.parse(raw).parties as { id: number }[]).map((party) => party.id) : [];
  });

/** The account's saved parties, as an API client sees them. */
const accountList = async (authorization: string) =>
  (
    (await (
      await fetch(fixture.url("/api/my-saved-parties/"), { headers: { authorization } })
    ).json()) as { items: { title: string }[] }
  ).items;

const keptPages = (page: Page) =>
  page.evaluate(async () =>
    (await (await caches.open("pages")).keys()).map((request) => new URL(request.url).pathname),
  );

describe("saved parties", () => {
  // A whole journey: 22 s in a clean run on 12-03, more than a third of the default 60 s.
  it("saves three parties signed out, lists them offline, and brings them into the account", async () => {
    const person = {
      email: "merkerin@example.org",
      password: "Herzchen für drei Nächte 2026",
      name: "Merkerin",
    };
    const { authorization } = await createOrganiser(fixture, person);

    // The browser on the server's clock: on the real one, from the Saturday 06:00 after that
    // Friday on, the offline list counted the saved parties as past (it failed from then on).
    const titles = await fixture.withPage({ clockAt: FRIDAY_MORNING }, async (page, context) => {
      await open(page, fixture.url("/"));
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
        timeout: 30_000,
      });
      const saved: string[] = [];
      for (let index = 0; index < 3; index++) {
        const heart = page.getByRole("button", { name: /^Merken: / }).first();
        const name = (await heart.getAttribute("aria-label"))!;
        await heart.click();
        await eventually(() => storedIds(page).then((ids) => ids.length)).toBe(index + 1);
        saved.push(name.replace(/^Merken: /, ""));
      }
      expect(
        await page.getByRole("button", { name: /^Gemerkt: /, pressed: true }).count(),
      ).toBeGreaterThanOrEqual(3);

      // Survives a reload; the worker keeps /gemerkt for offline use once a party is saved.
      await eventually(() => keptPages(page)).toContain("/gemerkt");
      await context.setOffline(true);
      await page.goto(fixture.url("/gemerkt"));
      await hydrated(page);
      await page.getByRole("heading", { level: 1, name: "Gemerkt" }).waitFor();
      for (const title of saved) {
        await page.getByRole("link", { name: title, exact: true }).first().waitFor();
      }
      expect(await page.locator("main li").count()).toBe(3);
      await context.setOffline(false);

      await login(fixture, page, person);
      await eventually(async () =>
        (await accountList(authorization)).map((party) => party.title).sort(),
      ).toEqual([...saved].sort());
      return saved;
    });

    // Another browser, signed in as the same person, sees them on /gemerkt.
    await fixture.withPage({ clockAt: FRIDAY_MORNING }, async (page) => {
      await login(fixture, page, person);
      await open(page, fixture.url("/gemerkt"));
      for (const title of titles) {
        await eventually(() =>
          page.getByRole("link", { name: title, exact: true }).first().isVisible(),
        ).toBe(true);
      }
      await page.getByRole("link", { name: "Kalender abonnieren" }).waitFor();
      expect(
        await page.getByRole("link", { name: "Kalender abonnieren" }).getAttribute("href"),
      ).toMatch(/^webcal:\/\/.+\/feeds\/gemerkt\/[A-Za-z0-9_-]{43}\.ics$/);
      // "Neue Adresse erzeugen": the old address stops answering.
      const subscribe = page.getByRole("link", { name: "Kalender abonnieren" });
      const oldFeed = (await subscribe.getAttribute("href"))!.replace(/^webcal:/, "http:");
      expect((await fetch(oldFeed)).status).toBe(200);
      await page.getByRole("button", { name: "Neue Adresse erzeugen" }).click();
      await page.getByText("Dein Kalender hat eine neue Adresse.").waitFor();
      await eventually(() => subscribe.getAttribute("href")).not.toBe(
        oldFeed.replace(/^http:/, "webcal:"),
      );
      expect((await fetch(oldFeed)).status).toBe(404);

      // "Erinnern" (decision 0222): the default for new saves and each party still to come.
      const byDefault = page.getByRole("button", { name: "Gemerkte Partys automatisch erinnern" });
      expect(await byDefault.getAttribute("aria-pressed")).toBe("false");
      await byDefault.click();
      await page.getByText("Neu gemerkte Partys erinnern Dich ab jetzt.").waitFor();
      await eventually(() => byDefault.getAttribute("aria-pressed")).toBe("true");
      const remind = page.getByRole("button", { name: /^Erinnern: / }).first();
      expect(await remind.getAttribute("aria-pressed")).toBe("false");
      await remind.click();
      await page.getByText("Wir erinnern Dich an die Party.").waitFor();
      await eventually(() => remind.getAttribute("aria-pressed")).toBe("true");
      await expectNoSeriousAxeViolations(page);

      // This browser mirrors the account for offline use; a heart tap signed in reaches the
      // account; signing out takes the copy away.
      await eventually(() => storedIds(page).then((ids) => ids.length)).toBe(3);
      await open(page, fixture.url("/"));
      await page
        .getByRole("button", { name: /^Merken: / })
        .first()
        .click();
      await eventually(async () => (await accountList(authorization)).length).toBe(4);
      await open(page, fixture.url("/user"));
      await page.getByRole("button", { name: "Abmelden" }).click();
      await page.waitForURL(fixture.url("/"));
      await eventually(() => page.evaluate(() => localStorage.getItem("gemerkt"))).toBeNull();
    });
  }, 120_000);

  it("keeps a party saved twice once, on the card and on its page alike", async () => {
    await fixture.withPage({}, async (page) => {
      await open(page, fixture.url("/"));
      const heart = page.getByRole("button", { name: /^Merken: / }).first();
      const title = (await heart.getAttribute("aria-label"))!.replace(/^Merken: /, "");
      await heart.click();
      await eventually(() => storedIds(page).then((ids) => ids.length)).toBe(1);
      await page.getByRole("link", { name: title, exact: true }).first().click();
      await page.getByRole("heading", { level: 1, name: title }).waitFor();
      const pageHeart = page.getByRole("button", { name: "Gemerkt", exact: true });
      await eventually(() => pageHeart.getAttribute("aria-pressed")).toBe("true");
      await page.reload();
      await hydrated(page);
      await eventually(() => pageHeart.getAttribute("aria-pressed")).toBe("true");
      expect(await storedIds(page)).toHaveLength(1);

      // Tapped again it is no longer saved; the key goes with the last party.
      await pageHeart.click();
      await page.getByRole("button", { name: "Merken", exact: true }).waitFor();
      expect(await page.evaluate(() => localStorage.getItem("gemerkt"))).toBeNull();
    });
  });

  it("survives a forged list: junk and markup are dropped or shown as text, the list is bounded", async () => {
    await fixture.withPage({}, async (page) => {
      await open(page, fixture.url("/faq"));
      await page.evaluate(() => {
        const start = new Date(Date.now() + 3_600_000).toISOString();
        const valid = (id: number, title: string) => ({
          id,
          title,
          path: `/party/forged/${id}`,
          start,
          end: null,
          place: "<i>Club</i>",
          address: null,
          cancelled: false,
        });
        const parties: unknown[] = [
          valid(1, '<img src=x onerror="window.__forged=1">Markup'),
          valid(1, "Doppelt"),
          { id: "2", title: "Falscher Typ" },
          { ...valid(3, "Fremde Seite"), path: "https://evil.example/party/x/3" },
          { ...valid(4, "Skript"), path: "javascript:alert(1)//" },
          null,
          "Müll",
          [1, 2, 3],
        ];
        for (let id = 10; id < 10_010; id++) parties.push(valid(id, `Party ${id}`));
        localStorage.setItem("gemerkt", JSON.stringify({ owner: "ich", parties }));
      });
      await open(page, fixture.url("/gemerkt"));
      await page.getByRole("heading", { level: 1, name: "Gemerkt" }).waitFor();
      await page.getByText('<img src=x onerror="window.__forged=1">Markup').waitFor();
      expect(await page.locator("main li").count()).toBeLessThanOrEqual(200);
      expect(await page.locator("main li").count()).toBeGreaterThan(100);
      expect(await page.locator("main img[src='x']").count()).toBe(0);
      expect(await page.locator("main i").count()).toBe(0);
      expect(await page.evaluate(() => (window as { __forged?: number }).__forged)).toBeUndefined();
      for (const name of ["Doppelt", "Falscher Typ", "Fremde Seite", "Skript"]) {
        expect(await page.getByText(name, { exact: true }).count(), name).toBe(0);
      }
      expect(await page.locator("main a[href^='http'], main a[href^='javascript']").count()).toBe(
        0,
      );
    });
  });

  it("keeps the heart clear of the title link in the phone's compact list", async () => {
    await fixture.withPage({ viewport: { width: 412, height: 823 } }, async (page) => {
      await open(page, fixture.url("/"));
      await page.locator(".event-card button.save-heart").first().waitFor();
      const overlaps = await page.locator(".event-card").evaluateAll((cards) =>
        cards.flatMap((card) => {
          const title = card.querySelector(".event-card-title a")!;
          const link = title.getBoundingClientRect();
          const heart = card.querySelector("button.save-heart")?.getBoundingClientRect();
          return heart && link.right > heart.left ? [title.textContent] : [];
        }),
      );
      expect(await page.locator(".event-card").count()).toBeGreaterThan(3);
      expect(overlaps).toEqual([]);
      await expectNoSeriousAxeViolations(page, "main");
    });
  });

  it("lets a visitor without any saved party load pages without storing anything", async () => {
    await fixture.withPage({}, async (page) => {
      await open(page, fixture.url("/gemerkt"));
      await page.getByText("Du hast noch keine Party gemerkt.").waitFor();
      await page.getByRole("link", { name: "Partys heute Nacht" }).waitFor();
      await page.getByRole("link", { name: "Melde Dich an" }).waitFor();
      expect(await page.evaluate(() => localStorage.getItem("gemerkt"))).toBeNull();
    });
  });
});
