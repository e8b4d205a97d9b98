import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { paymentOrders } from "#server/db/schema/payments.ts";
import { exportMyData } from "#server/domain/accounts/data-export.server.ts";
import { NotFoundError } from "#server/domain/errors.ts";
import { updateSiteSettings } from "#server/domain/settings/site-settings.server.ts";
import { createAd } from "#tests/factories/ads.ts";
import { createPaidOrder, createRefund } from "#tests/factories/paid-orders.ts";
import { createUser } from "#tests/factories/users.ts";
import { readPdf, validatedFacturXml } from "#tests/setup/billing-pdf.ts";
import { mailsTo } from "#tests/setup/mail-links.ts";
import { createTestContext, type TestContext } from "#tests/setup/test-database.ts";
import { eq } from "drizzle-orm";
import { sendOwedBillingMails } from "./billing-mails.server.ts";
import {
  issueCreditNoteForRefund,
  issueInvoiceForPaidOrder,
} from "./issue-billing-documents.server.ts";
import { listOwnBillingDocuments, ownBillingDocumentFile } from "./my-billing-documents.server.ts";

let context: TestContext;

beforeEach(async () => {
  context = await createTestContext({
    config: {
      OPERATOR_NAME: "Nachtkultur e. V.",
      OPERATOR_ADDRESS: "Hauptstraße 1, 04109 Leipzig",
      OPERATOR_EMAIL: "rechnungen@nachtkultur.example",
      OPERATOR_VAT_ID: "DE123456789",
    },
  });
});

afterEach(async () => {
  await context.close();
});

async function invoicedAd() {
  const user = await createUser(context.deps);
  const ad = await createAd(context.deps, {
    ownerId: user.id,
    title: "Plattenbörse",
    placement: "listing",
    durationId: 2,
    startsAt: new Date("2026-11-27T23:00:00Z"),
    endsAt: new Date("2026-12-11T23:00:00Z"),
  });
  const order = await createPaidOrder(context.deps, {
    userId: user.id,
    purpose: "ad",
    adId: ad.id,
    amountCents: 12000,
    periodStartsAt: ad.startsAt,
    periodEndsAt: ad.endsAt,
  });
  const invoice = await context.deps.db.transaction((tx) =>
    issueInvoiceForPaidOrder(tx, context.deps, order.id),
  );
  return { user, order, invoice };
}

describe("the invoice file", () => {
  it("shows the invoice to people and carries a valid EN 16931 e-invoice (§ 19 UStG)", async () => {
    const { user, invoice } = await invoicedAd();
    const file = await ownBillingDocumentFile(context.deps, user.id, invoice.number);
    expect(file.fileName).toBe("Rechnung-2026-000001.pdf");
    const { text } = await readPdf(file.content);
    for (const expected of [
      "Nachtkultur e. V.",
      "04109 Leipzig",
      "USt-IdNr.: DE123456789",
      user.displayName,
      `Kollektiv von ${user.displayName}`,
      user.email,
      "Rechnung 2026-000001",
      "Rechnungsdatum: 20.11.2026",
      "Leistungszeitraum: 28.11.–11.12.2026",
      "Anzeige in der Partyliste, 2 Wochen: „Plattenbörse“",
      "Gesamtbetrag",
      "120,00 €",
      "Gemäß § 19 UStG wird keine Umsatzsteuer berechnet.",
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain("Umsatzsteuer 19 %");
    const xml = await validatedFacturXml(file.content);
    expect(xml).toContain("<ram:ID>2026-000001</ram:ID>");
    expect(xml).toContain("<ram:TypeCode>380</ram:TypeCode>");
    expect(xml).toContain("<ram:CategoryCode>E</ram:CategoryCode>");
    expect(xml).toContain("<ram:GrandTotalAmount>120.00</ram:GrandTotalAmount>");
    // The service period, for the whole invoice (BT-73/74) and for its line (BT-134/135).
    const period =
      "<ram:BillingSpecifiedPeriod>" +
      '<ram:StartDateTime><udt:DateTimeString format="102">20261128</udt:DateTimeString></ram:StartDateTime>' +
      '<ram:EndDateTime><udt:DateTimeString format="102">20261211</udt:DateTimeString></ram:EndDateTime>' +
      "</ram:BillingSpecifiedPeriod>";
    expect(xml.replace(/>\s+</g, "><").split(period)).toHaveLength(3);
    expect(xml.replace(/>\s+</g, "><")).toContain(
      '<ram:ActualDeliverySupplyChainEvent><ram:OccurrenceDateTime><udt:DateTimeString format="102">20261211</udt:DateTimeString>',
    );
  });

  it("shows net, 19 % VAT and gross in the standard mode, in the e-invoice too", async () => {
    const admin = await createUser(context.deps, { role: "admin" });
    await updateSiteSettings(context.deps, { id: admin.id }, { vatMode: "standard" });
    const { user, invoice } = await invoicedAd();
    const file = await ownBillingDocumentFile(context.deps, user.id, invoice.number);
    const { text } = await readPdf(file.content);
    expect(text).toContain("Nettobetrag 100,84 €");
    expect(text).toContain("Umsatzsteuer 19 % 19,16 €");
    expect(text).toContain("Gesamtbetrag 120,00 €");
    expect(text).not.toContain("§ 19 UStG");
    const xml = await validatedFacturXml(file.content);
    expect(xml).toContain("<ram:CategoryCode>S</ram:CategoryCode>");
    expect(xml).toContain("<ram:RateApplicablePercent>19</ram:RateApplicablePercent>");
    expect(xml).toMatch(/<ram:TaxTotalAmount currencyID="EUR">19.16<\/ram:TaxTotalAmount>/);
    expect(xml).toContain("<ram:TaxBasisTotalAmount>100.84</ram:TaxBasisTotalAmount>");
  });

  it("of a credit note names the invoice it reverses, as a valid e-invoice of type 381", async () => {
    const { user, order, invoice } = await invoicedAd();
    await context.deps.db
      .update(paymentOrders)
      .set({ status: "refunded" })
      .where(eq(paymentOrders.id, order.id));
    const refund = await createRefund(context.deps, { orderId: order.id, amountCents: 12000 });
    const creditNote = await context.deps.db.transaction((tx) =>
      issueCreditNoteForRefund(tx, context.deps, refund.id),
    );
    const file = await ownBillingDocumentFile(context.deps, user.id, creditNote.number);
    expect(file.fileName).toBe("Stornorechnung-G-2026-000001.pdf");
    const { text } = await readPdf(file.content);
    expect(text).toContain("Stornorechnung G-2026-000001");
    expect(text).toContain(`Storniert die Rechnung ${invoice.number} vom 20.11.2026.`);
    expect(text).toContain("-120,00 €");
    const xml = await validatedFacturXml(file.content);
    expect(xml).toContain("<ram:TypeCode>381</ram:TypeCode>");
    expect(xml).toContain(
      "<ram:Content>Storniert die Rechnung 2026-000001 vom 20.11.2026. Gemäß § 19 UStG",
    );
  });

  it("is found only by its owner", async () => {
    const { invoice } = await invoicedAd();
    const stranger = await createUser(context.deps);
    await expect(
      ownBillingDocumentFile(context.deps, stranger.id, invoice.number),
    ).rejects.toBeInstanceOf(NotFoundError);
    expect(
      (await listOwnBillingDocuments(context.deps, stranger.id, { page: 1, pageSize: 20 })).count,
    ).toBe(0);
  });
});

describe("the data export (Art. 15 DSGVO)", () => {
  it("includes the user's invoices", async () => {
    const { user, invoice } = await invoicedAd();
    const exported = await exportMyData(context.deps, user.id);
    expect(exported.invoices).toEqual([
      expect.objectContaining({ number: invoice.number, kind: "invoice", grossCents: 12000 }),
    ]);
  });
});

describe("billing mails", () => {
  it("send each issued document once to its buyer, the PDF attached", async () => {
    const { user, order, invoice } = await invoicedAd();
    expect(await sendOwedBillingMails(context.deps)).toBe(1);
    expect(await sendOwedBillingMails(context.deps)).toBe(0);
    await context.deps.db
      .update(paymentOrders)
      .set({ status: "refunded" })
      .where(eq(paymentOrders.id, order.id));
    const refund = await createRefund(context.deps, { orderId: order.id, amountCents: 12000 });
    await context.deps.db.transaction((tx) =>
      issueCreditNoteForRefund(tx, context.deps, refund.id),
    );
    expect(await sendOwedBillingMails(context.deps)).toBe(1);
    const mails = await mailsTo(context.deps.config, user.email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      `Rechnung ${invoice.number} von Clubkalender`,
      "Stornorechnung G-2026-000001 von Clubkalender",
    ]);
    const [attachment] = mails[0]!.attachments;
    expect(attachment).toMatchObject({
      filename: "Rechnung-2026-000001.pdf",
      contentType: "application/pdf",
    });
    await validatedFacturXml(attachment!.content);
  });
});
