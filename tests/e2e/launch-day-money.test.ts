import sharp from "sharp";
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { createEvent } from "#tests/factories/catalog.ts";
import { createUser } from "#tests/factories/users.ts";
import { readPdf, validatedFacturXml } from "#tests/setup/billing-pdf.ts";
import { makeTempDataDir, removeDir, startAppServer, type AppServer } from "./app-server.ts";
import {
  expectNoSeriousAxeViolations,
  login,
  open as openUrl,
  setUpBrowserFixture,
} from "./browser-fixtures.ts";
import { payInSandbox } from "./sandbox-checkout.ts";
import { prepareDataDir } from "./visitor-data.ts";

/**
 * Issue 26 "Ready for launch day", the money half, on a 390 px phone against the sandbox
 * ("Testmodus"): a promoter buys a top event for a party nine days ahead — the offer runs to the
 * end of the party's night, never before it, and the party is on top in its night; the invoice
 * (PDF and e-invoice) names the service period and the billing address given at checkout. An
 * ad is paid, then refused by an admin: the buyer sees the refund and its credit note.
 */

/** Friday 27.11.2026, 09:54 in Berlin: the purchase, nine days before the party. */
const FRIDAY_MORNING = "2026-11-27T08:54:00Z";
/** Saturday 05.12.2026, 23:30 in Berlin: the party's night. */
const PARTY_NIGHT = "2026-12-05T22:30:00Z";
const password = "Tanzen bis der Morgen graut 2026";
const promoter = { email: "veranstalterin@example.org", password };
const admin = { email: "admin@example.org", password };
const partyTitle = "Bassline Samstag";
const adTitle = "Plattenbörse im Hof";
const billingName = "Nachtschicht Events GmbH";
const billingAddress = "Karl-Liebknecht-Str. 9, 04107 Leipzig";

const serverEnv = { NODE_ENV: "test", SEED_DEMO_DATA: "false" };
const dataDir = makeTempDataDir();
let partyId = 0;
let partyNight: AppServer | undefined;

// Registered before the fixture, so it runs after it has stopped the server (hooks unwind as a
// stack): the data folder goes only once nothing writes to it.
afterAll(async () => {
  await partyNight?.dispose();
  removeDir(dataDir);
});

const fixture = setUpBrowserFixture(async () => {
  await prepareDataDir(dataDir, async (deps) => {
    const owner = await createUser(deps, { email: promoter.email, password });
    await createUser(deps, { email: admin.email, password, role: "admin" });
    await createEvent(deps, { title: "Früher am Abend", startsAt: "2026-12-05T20:00:00Z" });
    const party = await createEvent(deps, {
      title: partyTitle,
      startsAt: "2026-12-05T22:00:00Z",
      createdById: owner.id,
    });
    partyId = party.id;
  });
  return startAppServer({ dataDir, env: { ...serverEnv, TEST_FIXED_NOW: FRIDAY_MORNING } });
});

const withPhone = <T>(run: (page: Page) => Promise<T>) =>
  fixture.withPage({ withoutNewsletterPopup: true, acceptDownloads: true }, run);
const open = (page: Page, path: string) => openUrl(page, fixture.url(path));

/** Downloads a document from the user area's invoices: its PDF text and its checked XML. */
async function downloadDocument(page: Page, number: string) {
  await open(page, "/user/rechnungen");
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.locator(`a[href$="/${number}.pdf"]`).click(),
  ]);
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  const content = Buffer.concat(chunks);
  // Lines the PDF wraps are joined again.
  const text = (await readPdf(content)).text.replace(/\s+/g, " ");
  const xml = (await validatedFacturXml(content)).replace(/>\s+</g, "><");
  return { text, xml };
}

describe("launch day: the money half (issue 26)", () => {
  it("covers a party nine days ahead until its night is over; the invoice names the period", async () => {
    await withPhone(async (page) => {
      await login(fixture, page, promoter);
      await open(page, "/user/events");
      await page.getByRole("link", { name: `Hervorheben: ${partyTitle}` }).click();
      await page.waitForURL(fixture.url(`/events/hervorheben/${partyId}`));

      // One offer, to the end of the party's night: nothing that ends before it, no weeks.
      const offer = page.locator("dl");
      await offer.getByText("Top-Event bis zur Party", { exact: true }).waitFor();
      await offer.getByText("ab Deiner Zahlung bis So., 06.12.2026, 06:00 Uhr").waitFor();
      await offer.getByText("9 Nächte", { exact: true }).waitFor();
      await offer.getByText("32,14\u00a0€", { exact: true }).waitFor();
      expect(await page.getByRole("radio").count()).toBe(0);
      expect(await page.getByText(/\d Wochen? –/).count()).toBe(0);

      await page.getByRole("textbox", { name: "Name oder Firma" }).fill(billingName);
      await page.getByRole("textbox", { name: "Anschrift" }).fill(billingAddress);
      await page.getByLabel("Ich akzeptiere die AGB für Buchungen.").check();
      await expectNoSeriousAxeViolations(page, "main");
      await page.getByRole("button", { name: "Jetzt bezahlen" }).click();
      await payInSandbox(page, "32,14\u00a0€");
      await page.waitForURL(/\/events\/hervorheben\/\d+\?bestellung=\d+/);
      await page
        .getByText("Danke! Deine Party ist jetzt Top-Event bis So., 06.12.2026, 06:00 Uhr.")
        .waitFor();

      // The user area says where the top event ends.
      await open(page, "/user/events");
      await page.getByText("Top-Event bis So., 06.12.2026, 06:00 Uhr", { exact: true }).waitFor();

      const invoice = await downloadDocument(page, "2026-000001");
      for (const expected of [
        "Rechnung 2026-000001",
        "Leistungszeitraum: 27.11.–06.12.2026",
        `Top-Event bis zur Party: „${partyTitle}“, Partynacht 05.12.2026`,
        billingName,
        "04107 Leipzig",
        "32,14 €",
      ]) {
        expect(invoice.text).toContain(expected);
      }
      expect(invoice.text).not.toContain("Leistungsdatum");
      expect(invoice.xml).toContain(
        "<ram:BillingSpecifiedPeriod>" +
          '<ram:StartDateTime><udt:DateTimeString format="102">20261127</udt:DateTimeString></ram:StartDateTime>' +
          '<ram:EndDateTime><udt:DateTimeString format="102">20261206</udt:DateTimeString></ram:EndDateTime>' +
          "</ram:BillingSpecifiedPeriod>",
      );
      expect(invoice.xml).toContain(`<ram:Name>${billingName}</ram:Name>`);
      expect(invoice.xml).toContain("<ram:PostcodeCode>04107</ram:PostcodeCode>");
    });
  });

  // A journey through several pages and mails: 31 s of the default 60 in the clean run on the
  // slow machine of 2026-12-02, so it gets 120 s.
  it("refunds a paid ad an admin refuses, with a credit note the buyer sees", async () => {
    await withPhone(async (page) => {
      await login(fixture, page, promoter);
      await open(page, "/user/anzeigen/buchen");
      // Before paying: what happens if it is refused.
      await page
        .getByText(
          "Lehnen wir sie ab, bekommst Du den vollen Betrag automatisch zurück, mit einer Stornorechnung.",
        )
        .waitFor();
      await page.getByLabel("Partyliste (zwischen den Nächten)").waitFor();
      // The billing address given with the top event is kept for the next booking.
      expect(await page.getByRole("textbox", { name: "Name oder Firma" }).inputValue()).toBe(
        billingName,
      );
      await page.getByRole("textbox", { name: "Titel" }).fill(adTitle);
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
      await page.getByRole("button", { name: "Jetzt bezahlen" }).click();
      await payInSandbox(page, "75,00\u00a0€");
      await page.waitForURL(/\/user\/anzeigen\?bestellung=\d+/);
      await page.getByText("wartet auf Freigabe", { exact: true }).waitFor();
    });

    await withPhone(async (page) => {
      await login(fixture, page, admin);
      await open(page, "/admin/anzeigen");
      await page.getByLabel("Grund für eine Ablehnung").fill("Das Bild zeigt keine Veranstaltung.");
      await page.getByRole("button", { name: `Ablehnen und erstatten: ${adTitle}` }).click();
      await page
        .getByText("Die Anzeige ist abgelehnt; der Betrag wird vollständig erstattet.")
        .waitFor();
    });

    await withPhone(async (page) => {
      await login(fixture, page, promoter);
      await open(page, "/user/anzeigen");
      const ad = page.locator("li", { hasText: adTitle });
      await ad.getByText("abgelehnt", { exact: true }).waitFor();
      await ad.getByText("Abgelehnt: Das Bild zeigt keine Veranstaltung.").waitFor();
      await ad.getByText(/^Erstattet: 75,00\s€/).waitFor();
      await ad.getByRole("link", { name: "Stornorechnung G-2026-000001" }).waitFor();
      await expectNoSeriousAxeViolations(page, "main");

      const creditNote = await downloadDocument(page, "G-2026-000001");
      expect(creditNote.text).toContain("Stornorechnung G-2026-000001");
      expect(creditNote.text).toContain("Storniert die Rechnung 2026-000002 vom 27.11.2026.");
      expect(creditNote.text).toContain("Anzeige in der Partyliste, 1 Woche");
      expect(creditNote.text).toContain("-75,00 €");
      expect(creditNote.xml).toContain("<ram:TypeCode>381</ram:TypeCode>");

      await open(page, "/agb");
      await page
        .getByText(/eine abgelehnte, bezahlte Anzeige erstatten wir automatisch und vollständig/)
        .waitFor();
    });
  }, 120_000);

  it("puts the party on top of its night while the night lasts", async () => {
    await fixture.server().stop("SIGINT");
    partyNight = await startAppServer({
      dataDir,
      env: { ...serverEnv, TEST_FIXED_NOW: PARTY_NIGHT },
    });
    const night = (await (
      await fetch(`${partyNight.url}/api/dates/?date_from=2026-12-05&date_to=2026-12-05`)
    ).json()) as { results: { results: { id: number; title: string; is_top: boolean }[] }[] };
    expect(night.results[0]!.results.map((party) => [party.title, party.is_top])).toEqual([
      [partyTitle, true],
      ["Früher am Abend", false],
    ]);
    await fixture.withPage({ withoutNewsletterPopup: true }, async (page) => {
      await openUrl(page, `${partyNight!.url}/`);
      const firstCard = page.locator("#nachtliste article.event-card").first();
      expect(await firstCard.textContent()).toContain(partyTitle);
    });
  });
});
