import sharp from "sharp";
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { TOP_EVENT_BADGE } from "#common/top-event-badge.ts";
import { createEvent } from "#tests/factories/catalog.ts";
import { createUser } from "#tests/factories/users.ts";
import { mailsTo } from "#tests/setup/mail-links.ts";
import { makeTempDataDir, removeDir, startAppServer, type AppServer } from "./app-server.ts";
import {
  eventually,
  expectNoSeriousAxeViolations,
  login,
  open as openUrl,
  setUpBrowserFixture,
} from "./browser-fixtures.ts";
import { payInSandbox } from "./sandbox-checkout.ts";
import { prepareDataDir } from "./visitor-data.ts";

/**
 * Paid promotion in the sandbox ("Testmodus"), on the built site: an organiser promotes a party
 * (a visitor's impression and click of its card are counted for them) and books an ad, pays on
 * the sandbox page, an admin approves the ad, a visitor sees it (one view counted), and after
 * its week (server restarted with a later clock) it has expired with a statistics mail. Another
 * organiser sees and reaches none of it.
 */

const FRIDAY_EVENING = "2026-11-20T18:00:00Z";
const AFTER_THE_AD_WEEK = "2026-11-28T12:00:00Z";
const password = "Tanzen bis der Morgen graut 2026";
const organiser = { email: "werbung@example.org", password };
const stranger = { email: "fremd@example.org", password };
const admin = { email: "admin@example.org", password };
const partyTitle = "Hervorgehobene Nacht";
const adTitle = "Plattenbörse im Hof";
const desktopBrowser =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";

const dataDir = makeTempDataDir();
let partyId = 0;
let later: AppServer | undefined;

// Registered before the fixture, so it runs after it has stopped the server (hooks unwind as a
// stack): the data folder goes only once nothing writes to it.
afterAll(async () => {
  await later?.dispose();
  removeDir(dataDir);
});

const fixture = setUpBrowserFixture(async () => {
  await prepareDataDir(dataDir, async (deps) => {
    const owner = await createUser(deps, { email: organiser.email, password });
    await createUser(deps, { email: stranger.email, password });
    await createUser(deps, { email: admin.email, password, role: "admin" });
    await createEvent(deps, { title: "Freitagsklub", startsAt: "2026-11-20T22:00:00Z" });
    const party = await createEvent(deps, {
      title: partyTitle,
      startsAt: "2026-11-21T22:00:00Z",
      createdById: owner.id,
    });
    partyId = party.id;
  });
  return startAppServer({ dataDir, env: { NODE_ENV: "test", TEST_FIXED_NOW: FRIDAY_EVENING } });
});

const withPhone = <T>(run: (page: Page) => Promise<T>) =>
  fixture.withPage({ withoutNewsletterPopup: true }, run);
const open = (page: Page, path: string) => openUrl(page, fixture.url(path));

async function apiToken(baseUrl: string, credentials: { email: string; password: string }) {
  const answer = await fetch(`${baseUrl}/api/token/`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(credentials),
  });
  return ((await answer.json()) as { access: string }).access;
}

/** One login per server (logins are attempt-limited), reused by every poll. */
const organiserTokens = new Map<string, Promise<string>>();

async function myAds(baseUrl: string) {
  if (!organiserTokens.has(baseUrl)) organiserTokens.set(baseUrl, apiToken(baseUrl, organiser));
  const answer = await fetch(`${baseUrl}/api/my-ads/`, {
    headers: { authorization: `Bearer ${await organiserTokens.get(baseUrl)}` },
  });
  return (
    (await answer.json()) as {
      results: { id: number; title: string; status: string; statistics: { views: number } }[];
    }
  ).results;
}

describe("paid promotion in the sandbox", () => {
  // A journey through several pages and mails: 31 s of the default 60 in the clean run on the
  // slow machine of 2026-12-02, so it gets 120 s.
  it("promotes an own party until its night is over, from the events list", async () => {
    await withPhone(async (page) => {
      await login(fixture, page, organiser);
      await open(page, "/user/events");
      await page.getByRole("link", { name: `Hervorheben: ${partyTitle}` }).click();
      await page.waitForURL(fixture.url(`/events/hervorheben/${partyId}`));
      await page.getByText(/25,00\s€ pro Woche/).waitFor();
      // Friday's and Saturday's nights: two sevenths of the weekly price.
      await page.getByText("2 Nächte", { exact: true }).waitFor();
      await page.getByRole("button", { name: "Jetzt bezahlen" }).click();
      await page.getByText("Bitte akzeptiere die AGB für Buchungen.").waitFor();
      await page.getByLabel("Ich akzeptiere die AGB für Buchungen.").check();
      await expectNoSeriousAxeViolations(page, "main");
      await page.getByRole("button", { name: "Jetzt bezahlen" }).click();
      await payInSandbox(page, "7,14\u00a0€");
      await page.waitForURL(/\/events\/hervorheben\/\d+\?bestellung=\d+/);
      await page.getByText(/Danke! Deine Party ist jetzt Top-Event bis/).waitFor();

      const party = (await (await fetch(fixture.url(`/api/events/${partyId}/`))).json()) as {
        url: string;
        is_top: boolean;
      };
      expect(party.is_top).toBe(true);
      await open(page, party.url);
      await page.getByText(TOP_EVENT_BADGE, { exact: true }).first().waitFor();
      await page.getByRole("link", { name: "Hervorheben" }).waitFor();
    });
  }, 120_000);

  // The two tests below continue the one above (split: together they took 26 s of 60 s with
  // two browser files at a time).
  it("counts a visitor's impression and click of the top event's card on the home page", async () => {
    await fixture.withPage(
      { withoutNewsletterPopup: true, userAgent: desktopBrowser, declineConsentFirst: true },
      async (page) => {
        await open(page, "/");
        const card = page.getByRole("link", { name: partyTitle, exact: true });
        const reported = (path: string) =>
          page.waitForResponse((response) => response.url().endsWith(path));
        const impressionReported = reported("/api/event-impressions/");
        await card.scrollIntoViewIfNeeded();
        await impressionReported;
        const clickReported = reported("/api/event-clicks/");
        await card.click();
        await page.waitForURL(/\/party\//);
        await page.getByRole("heading", { name: partyTitle }).waitFor();
        await clickReported;
      },
    );
  });

  it("shows the buyer that impression and click for today on the promote page", async () => {
    await withPhone(async (page) => {
      await login(fixture, page, organiser);
      await eventually(async () => {
        await open(page, `/events/hervorheben/${partyId}`);
        return page
          .getByText(/^1 Einblendung in den Listen · 1 Klick · Klickrate 100,0\s%/)
          .count();
      }).toBe(1);
      await expectNoSeriousAxeViolations(page, "main");
    });
  });

  it("books an ad, pays, gets it approved, shows it and counts the view", async () => {
    await withPhone(async (page) => {
      await login(fixture, page, organiser);
      await open(page, "/user/anzeigen/buchen");
      for (const label of [
        "1 Woche – 75,00\u00a0€",
        "2 Wochen – 120,00\u00a0€",
        "3 Wochen – 175,00\u00a0€",
        "4 Wochen – 210,00\u00a0€",
      ]) {
        expect(await page.getByLabel(label, { exact: true }).count(), label).toBe(1);
      }
      await page.getByRole("textbox", { name: "Titel" }).fill(adTitle);
      await page.getByRole("textbox", { name: "Ziel-Link" }).fill("javascript:alert(1)");
      await page.getByRole("textbox", { name: "Titel" }).click();
      await page.getByText("Ungültige URL!").waitFor();
      await page.getByRole("textbox", { name: "Ziel-Link" }).fill("https://hof.example.org/");
      await page.getByLabel("Bild", { exact: true }).setInputFiles({
        name: "anzeige.png",
        mimeType: "image/png",
        buffer: await sharp({
          create: { width: 600, height: 600, channels: 3, background: "#3fb4ff" },
        })
          .png()
          .toBuffer(),
      });
      await page.getByAltText("Vorschau Deiner Anzeige").waitFor();
      await page.getByLabel("1 Woche – 75,00\u00a0€", { exact: true }).check();
      await page.getByLabel("Ich akzeptiere die AGB für Buchungen.").check();
      await expectNoSeriousAxeViolations(page, "main");
      await page.getByRole("button", { name: "Jetzt bezahlen" }).click();
      await payInSandbox(page, "75,00\u00a0€");
      await page.waitForURL(/\/user\/anzeigen\?bestellung=\d+/);
      await page.getByText("Danke! Deine Anzeige ist bezahlt.").waitFor();
      await page.getByText("wartet auf Freigabe", { exact: true }).waitFor();
    });

    await withPhone(async (page) => {
      await login(fixture, page, admin);
      await open(page, "/admin/anzeigen");
      await page.getByRole("button", { name: `Freigeben: ${adTitle}` }).click();
      await page.getByText("Die Anzeige ist freigegeben.").waitFor();
      await open(page, "/admin/zahlungen");
      expect(await page.getByText("ausgeführt", { exact: true }).count()).toBe(2);
    });

    await fixture.withPage(
      { withoutNewsletterPopup: true, userAgent: desktopBrowser, declineConsentFirst: true },
      async (page) => {
        await open(page, "/");
        const ad = page.getByRole("complementary", { name: "Anzeigen" }).getByRole("link");
        // The page stays open until the view is reported (closing it may cancel the request).
        const viewReported = page.waitForResponse((response) =>
          response.url().endsWith("/api/ad-views/"),
        );
        await ad.scrollIntoViewIfNeeded();
        expect(await ad.textContent()).toContain(adTitle);
        await viewReported;
      },
    );
    await eventually(async () =>
      (await myAds(fixture.server().url)).find((ad) => ad.title === adTitle),
    ).toMatchObject({ status: "active", statistics: { views: 1 } });
  });

  it("shows another organiser none of it and lets them change nothing", async () => {
    const adId = (await myAds(fixture.server().url)).find((ad) => ad.title === adTitle)!.id;
    await withPhone(async (page) => {
      await login(fixture, page, stranger);
      await open(page, "/user/anzeigen");
      await page.getByText("Du hast noch keine Anzeige gebucht.").waitFor();
      for (const path of [`/user/anzeigen/bearbeiten/${adId}`, `/events/hervorheben/${partyId}`]) {
        const response = await open(page, path);
        expect(response?.status(), path).toBe(404);
      }
      await open(page, "/admin/anzeigen");
      expect(await page.getByRole("button", { name: `Freigeben: ${adTitle}` }).count()).toBe(0);
    });
  });

  it("ends the ad after its week and mails the statistics", async () => {
    await fixture.server().stop("SIGINT");
    later = await startAppServer({
      dataDir,
      env: { NODE_ENV: "test", TEST_FIXED_NOW: AFTER_THE_AD_WEEK },
    });
    await eventually(
      async () => (await myAds(later!.url)).find((ad) => ad.title === adTitle)?.status,
    ).toBe("expired");
    // The mail follows the status change in the same job run: wait for it, too.
    const expiryMail = async () =>
      (await mailsTo({ dataDir }, organiser.email)).find((candidate) =>
        candidate.subject.includes("ist abgelaufen"),
      );
    await eventually(async () => (await expiryMail()) !== undefined).toBe(true);
    const mail = await expiryMail();
    expect(mail?.subject).toBe(`Deine Anzeige „${adTitle}“ ist abgelaufen – so lief sie`);
    expect(mail?.text).toContain("Gesamt | 1 | 0 | 0,0 %");
  });
});
