import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "#server/config.ts";
import { createDeps } from "#server/create-deps.ts";
import { issueInvoiceForPaidOrder } from "#server/domain/billing/issue-billing-documents.server.ts";
import { createEvent } from "#tests/factories/catalog.ts";
import { createPaidOrder } from "#tests/factories/paid-orders.ts";
import { createUser } from "#tests/factories/users.ts";
import { readPdf, validatedFacturXml } from "#tests/setup/billing-pdf.ts";
import { makeTempDataDir, removeDir, startAppServer } from "./app-server.ts";
import {
  expectNoSeriousAxeViolations,
  login,
  open,
  setUpBrowserFixture,
} from "./browser-fixtures.ts";

/**
 * The user area's invoices in Chromium: the owner lists and downloads a paid order's invoice
 * (the PDF's text read, its e-invoice XML validated); another user sees none of it. The paid
 * order is written into the server's data folder before it starts (the payment flow is tested
 * on its own).
 */

const owner = { email: "rechnung@example.org", password: "Tanzen bis der Morgen graut 2026" };
const stranger = { email: "fremd@example.org", password: "Tanzen bis der Morgen graut 2026" };
const dataDir = makeTempDataDir();
// The clock stands on the Thursday before the promoted party: with the real one the year would
// change the invoice's number.
const serverEnv = {
  SEED_DEMO_DATA: "false",
  OPERATOR_NAME: "Nachtkultur e. V.",
  NODE_ENV: "test",
  TEST_FIXED_NOW: "2026-11-26T12:00:00Z",
};

// Registered before the fixture, so it runs after it has stopped the server (hooks unwind as a
// stack): the data folder goes only once nothing writes to it.
afterAll(() => removeDir(dataDir));

const fixture = setUpBrowserFixture(async () => {
  const config = loadConfig({
    ...serverEnv,
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
  });
  const { deps, database, close } = await createDeps(config);
  try {
    await database.migrate();
    const buyer = await createUser(deps, owner);
    await createUser(deps, stranger);
    // Promoted from Thursday noon until its night is over (Sunday, 06:00 in Berlin).
    const event = await createEvent(deps, {
      title: "Warehouse Nacht",
      startsAt: "2026-11-28T22:00:00Z",
      topUntil: new Date("2026-11-29T05:00:00Z"),
      createdById: buyer.id,
    });
    const order = await createPaidOrder(deps, {
      userId: buyer.id,
      purpose: "top_event",
      eventId: event.id,
      amountCents: 5000,
      status: "fulfilled",
      periodStartsAt: new Date("2026-11-26T12:00:00Z"),
      periodEndsAt: new Date("2026-11-29T05:00:00Z"),
    });
    await deps.db.transaction((tx) => issueInvoiceForPaidOrder(tx, deps, order.id));
  } finally {
    await close();
  }
  return startAppServer({
    dataDir,
    env: serverEnv,
  });
});

describe("invoices in the user area", () => {
  it("lets the owner find and download the invoice: a PDF with a valid e-invoice inside", async () => {
    await fixture.withPage(
      { withoutNewsletterPopup: true, acceptDownloads: true },
      async (page) => {
        await login(fixture, page, owner);
        await page.getByRole("link", { name: /Rechnungen/ }).click();
        await page.waitForURL(fixture.url("/user/rechnungen"));
        await page.getByText("Rechnung 2026-000001").waitFor();
        await expectNoSeriousAxeViolations(page, "main");
        const [download] = await Promise.all([
          page.waitForEvent("download"),
          page.getByRole("link", { name: "PDF herunterladen" }).click(),
        ]);
        expect(download.suggestedFilename()).toBe("Rechnung-2026-000001.pdf");
        const stream = await download.createReadStream();
        const chunks: Buffer[] = [];
        for await (const chunk of stream) chunks.push(chunk as Buffer);
        const content = Buffer.concat(chunks);
        // Lines the PDF wraps are joined again.
        const text = (await readPdf(content)).text.replace(/\s+/g, " ");
        expect(text).toContain("Nachtkultur e. V.");
        expect(text).toContain("Rechnung 2026-000001");
        expect(text).toContain("Leistungszeitraum: 26.11.–29.11.2026");
        expect(text).toContain("Top-Event bis zur Party: „Warehouse Nacht“, Partynacht 28.11.2026");
        expect(text).toContain("Gemäß § 19 UStG wird keine Umsatzsteuer berechnet.");
        const xml = await validatedFacturXml(content);
        expect(xml).toContain("<ram:GrandTotalAmount>50.00</ram:GrandTotalAmount>");
        expect(xml.replace(/>\s+</g, "><")).toContain(
          '<ram:BillingSpecifiedPeriod><ram:StartDateTime><udt:DateTimeString format="102">20261126</udt:DateTimeString>',
        );
      },
    );
  });

  it("shows another user none of it, and their download is the 404 page", async () => {
    await fixture.withPage({ withoutNewsletterPopup: true }, async (page) => {
      await login(fixture, page, stranger);
      await open(page, fixture.url("/user/rechnungen"));
      await page.getByText("Sobald Du ein Top-Event oder eine Anzeige bezahlt hast").waitFor();
      expect(await page.getByText("Rechnung 2026-000001").count()).toBe(0);
      const answer = await page.request.get(fixture.url("/user/rechnungen/2026-000001.pdf"));
      expect(answer.status()).toBe(404);
    });
  });
});
