import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { toDateTimeInput } from "#common/date-time-input.ts";
import { adminPages } from "#tests/setup/admin-pages.ts";
import { germanTextFindings } from "#tests/setup/german-text-rules.ts";
import { createOrganiser, login, open, setUpBrowserFixture } from "./browser-fixtures.ts";
import { startDemoWithAdmin } from "./demo-with-admin.ts";

/**
 * docs/german-texts.md on the built site with its demo data: every main page, as a visitor, an
 * organiser and an admin see it, has typographic quotes and the one spelling of brands and of
 * "Top-Event". Mails: server/domain/every-mail.server.test.ts.
 */

const admin = {
  email: "texte@example.org",
  password: "Anführungszeichen unten und oben",
  name: "Texte",
};
const organiser = {
  email: "wortwahl@example.org",
  password: "Typografie bis zum Morgengrauen",
  name: "Kollektiv Wortwahl",
};
const dataDir = mkdtempSync(path.join(os.tmpdir(), "clubkalender-texts-e2e-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 }));

const fixture = setUpBrowserFixture(() => startDemoWithAdmin(dataDir, admin));

/** What a page says: its visible text, every text node (hidden ones too) and its labels. */
async function textsOf(page: Page): Promise<{ visible: string; pieces: string[] }> {
  return page.evaluate(() => {
    const pieces: string[] = [document.title];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      // Code to copy (the embedding snippets) is HTML, no German text.
      if (node.parentElement?.closest("script, style, noscript, template, code")) continue;
      if (node.textContent?.trim()) pieces.push(node.textContent);
    }
    for (const element of document.querySelectorAll(
      "[alt], [title], [aria-label], [placeholder]",
    )) {
      for (const name of ["alt", "title", "aria-label", "placeholder"]) {
        const value = element.getAttribute(name);
        if (value) pieces.push(value);
      }
    }
    for (const meta of document.querySelectorAll(
      'meta[name="description"], meta[property^="og:title"], meta[property^="og:description"]',
    )) {
      pieces.push(meta.getAttribute("content") ?? "");
    }
    let visible = document.body.innerText;
    for (const code of document.querySelectorAll("code")) {
      visible = visible.replace(code.innerText, " ");
    }
    return { visible, pieces };
  });
}

async function expectGermanTexts(page: Page, pathname: string) {
  const response = await open(page, fixture.url(pathname));
  expect(response?.status(), pathname).toBeLessThan(500);
  const { visible, pieces } = await textsOf(page);
  const findings = [
    ...germanTextFindings(visible),
    ...pieces.flatMap((piece) => germanTextFindings(piece, { quotePairs: false })),
  ];
  expect(findings, `${pathname}: ${JSON.stringify(findings, null, 1)}`).toEqual([]);
}

/** Paths found on the running site: a party (every demo party has a line-up), its club … */
async function demoPaths() {
  const events = (await (await fetch(fixture.url("/api/events/?page_size=50"))).json()) as {
    results: { url: string; location: unknown }[];
  };
  const partyPath = events.results.find((event) => event.location)!.url;
  const party = await (await fetch(fixture.url(partyPath))).text();
  const linked = (prefix: string) =>
    new RegExp(`href="(/${prefix}/[^"]+)"`).exec(party)?.[1] ?? `/${prefix}/keiner`;
  return {
    partyPath,
    clubPath: linked("club"),
    organiserPath: linked("party-veranstalter"),
    genrePath: linked("party/genre"),
    artistPath: linked("artist"),
  };
}

const visitorPages: (string | ((paths: Awaited<ReturnType<typeof demoPaths>>) => string))[] = [
  "/",
  "/club",
  (paths) => paths.clubPath,
  (paths) => paths.partyPath,
  (paths) => paths.organiserPath,
  (paths) => paths.genrePath,
  (paths) => paths.artistPath,
  "/party/genre",
  "/suche?q=Techno",
  "/faq",
  "/impressum",
  "/datenschutzerklaerung",
  "/nutzungsbedingungen",
  "/agb",
  "/newsletter",
  "/newsletter/unsubscribe",
  "/gemerkt",
  "/folge-ich",
  "/offline",
  "/user/login",
  "/user/registrieren",
  "/user/passwort-vergessen",
  "/gibt-es-nicht/wirklich",
];

describe("German texts by the style guide", () => {
  // The pages are only read: one tab goes from page to page (decision 0218).
  describe("as a visitor", () => {
    // Declined on the home page first: the error page's consent buttons do nothing yet.
    const tab = fixture.pageAcrossTests({
      withoutNewsletterPopup: true,
      declineConsentFirst: true,
    });
    for (const [index, page] of visitorPages.entries()) {
      it(`page ${index + 1}: ${typeof page === "string" ? page : "from the demo data"}`, async () => {
        const pathname = typeof page === "string" ? page : page(await demoPaths());
        await expectGermanTexts(tab(), pathname);
      });
    }
  });

  describe("as an organiser", () => {
    let signedIn = false;
    let ownParty = 0;
    const tab = fixture.pageAcrossTests({ withoutNewsletterPopup: true });
    const asOrganiser = async (pathname: () => string) => {
      const page = tab();
      if (!signedIn) {
        const { authorization } = await createOrganiser(fixture, organiser);
        const start = toDateTimeInput(new Date(Date.now() + 7 * 86_400_000), "Europe/Berlin");
        const created = await fetch(fixture.url("/api/events/"), {
          method: "POST",
          headers: { "content-type": "application/json", authorization },
          body: JSON.stringify({
            title: "Wortwahl-Nacht",
            start: `${start.slice(0, 10)}T23:00`,
            venue_name: "Hinterhof",
            venue_address: "Musterweg 3, 04109 Leipzig",
            lineup: [{ artist: "Nachteule", floor: "", start: "", end: "" }],
          }),
        });
        expect(created.status).toBe(201);
        ownParty = ((await created.json()) as { id: number }).id;
        await login(fixture, page, organiser);
        signedIn = true;
      }
      await expectGermanTexts(page, pathname());
    };
    for (const pathname of [
      "/user",
      "/user/meine-daten",
      "/user/passwort",
      "/user/events",
      "/user/vergangene-events",
      "/user/anzeigen",
      "/user/anzeigen/buchen",
      "/user/rechnungen",
      "/user/einbinden",
      "/user/team",
      "/events/erstellen",
    ]) {
      it(pathname, () => asOrganiser(() => pathname));
    }
    it("their own party, its form and its promotion", async () => {
      await asOrganiser(() => "/user");
      for (const pathname of [
        `/party/wortwahl-nacht/${ownParty}`,
        `/events/bearbeiten/${ownParty}`,
        `/events/hervorheben/${ownParty}`,
      ]) {
        await asOrganiser(() => pathname);
      }
    });
  });

  describe("as an admin", () => {
    let signedIn = false;
    const tab = fixture.pageAcrossTests({
      withoutNewsletterPopup: true,
      viewport: { width: 1280, height: 900 },
    });
    for (const { path: pathname } of adminPages().filter(({ file }) => file.endsWith(".tsx"))) {
      it(pathname, async () => {
        if (!signedIn) {
          await login(fixture, tab(), admin);
          signedIn = true;
        }
        await expectGermanTexts(tab(), pathname);
      });
    }
  });
});
