import { type Invoice, InvoiceService } from "@e-invoice-eu/core";
import { calendarDayOf } from "#common/dates.ts";
import type { BillingDocument, BillingParty } from "#server/db/schema/invoices.ts";
import type { ServicePeriod } from "#server/db/schema/invoices.ts";
import {
  correctionNote,
  documentServicePeriod,
  SMALL_BUSINESS_NOTE,
} from "./billing-document-text.ts";
import { splitGross } from "./vat.ts";

type InvoiceData = Invoice["ubl:Invoice"];
type Currency = "EUR";

/** BT-73/74 and BT-134/135: the service period as the invoicing period (BillingSpecifiedPeriod). */
const invoicePeriod = (period: ServicePeriod) => ({
  "cbc:StartDate": period.firstDay,
  "cbc:EndDate": period.lastDay,
});

/** "75.00" as EN 16931 writes amounts. */
const amount = (cents: number) => (cents / 100).toFixed(2);

/** Splits the free-text address "Straße 1, 04109 Leipzig" into the e-invoice's fields. */
function postalAddress(address: string | null | undefined) {
  const parts = (address ?? "").split(/\s*(?:,|\n)\s*/).filter(Boolean);
  const cityPart = parts.at(-1)?.match(/^(\d{4,5})\s+(.+)$/);
  const street = cityPart ? parts.slice(0, -1) : parts;
  return {
    ...(street.length > 0 ? { "cbc:StreetName": street.join(", ") } : {}),
    ...(cityPart ? { "cbc:PostalZone": cityPart[1]!, "cbc:CityName": cityPart[2]! } : {}),
    // One city's calendar, run from Germany: sellers and buyers are taken to be in Germany.
    "cac:Country": { "cbc:IdentificationCode": "DE" as const },
  };
}

function party(billingParty: BillingParty) {
  const legalName = billingParty.organization ?? billingParty.name;
  return {
    ...(billingParty.email
      ? { "cbc:EndpointID": billingParty.email, "cbc:EndpointID@schemeID": "EM" as const }
      : {}),
    "cac:PostalAddress": postalAddress(billingParty.address),
    "cac:PartyLegalEntity": { "cbc:RegistrationName": legalName },
    "cac:Contact": {
      "cbc:Name": billingParty.name,
      ...(billingParty.phone ? { "cbc:Telephone": billingParty.phone } : {}),
      ...(billingParty.email ? { "cbc:ElectronicMail": billingParty.email } : {}),
    },
  };
}

/** The EN 16931 content of a stored document, in the library's UBL-shaped input. */
export function eInvoiceData(
  document: BillingDocument,
  corrected: Pick<BillingDocument, "number" | "issuedAt" | "grossCents"> | null | undefined,
  timeZone: string,
): Invoice {
  const period = documentServicePeriod(document);
  const currency = document.currency as Currency;
  const smallBusiness = document.vatMode === "small_business";
  const category = {
    "cbc:ID": smallBusiness ? ("E" as const) : ("S" as const),
    "cbc:Percent": String(document.vatRatePercent),
    "cac:TaxScheme": { "cbc:ID": "VAT" },
  };
  const sellerParty = party(document.seller);
  // BT-25 below is dropped by @e-invoice-eu/core 2.3.4's CII mapping, so the reversed invoice is
  // named in a note as well (decision 0068).
  const notes = [
    ...(corrected ? [correctionNote(document, corrected, timeZone)] : []),
    ...(smallBusiness ? [SMALL_BUSINESS_NOTE] : []),
  ];
  const data: InvoiceData = {
    "cbc:CustomizationID": "urn:cen.eu:en16931:2017",
    "cbc:ID": document.number,
    "cbc:IssueDate": calendarDayOf(document.issuedAt, timeZone),
    "cbc:InvoiceTypeCode": document.kind === "invoice" ? "380" : "381",
    // One note: the library puts every note into one IncludedNote, which takes one Content.
    ...(notes.length > 0 ? { "cbc:Note": [notes.join(" ")] } : {}),
    "cbc:DocumentCurrencyCode": currency,
    ...(period ? { "cac:InvoicePeriod": invoicePeriod(period) } : {}),
    ...(corrected
      ? {
          "cac:BillingReference": [
            {
              "cac:InvoiceDocumentReference": {
                "cbc:ID": corrected.number,
                "cbc:IssueDate": calendarDayOf(corrected.issuedAt, timeZone),
              },
            },
          ],
        }
      : {}),
    "cac:AccountingSupplierParty": {
      "cac:Party": {
        ...sellerParty,
        "cac:PartyName": { "cbc:Name": document.seller.name },
        ...(document.seller.vatId
          ? {
              "cac:PartyTaxScheme": [
                { "cbc:CompanyID": document.seller.vatId, "cac:TaxScheme": { "cbc:ID": "VAT" } },
              ] as [{ "cbc:CompanyID": string; "cac:TaxScheme": { "cbc:ID": string } }],
            }
          : {}),
      },
    },
    "cac:AccountingCustomerParty": { "cac:Party": party(document.buyer) },
    // A booking is a service over a period (above); BT-72 is the day its supply is completed,
    // the period's last day (the CII mapping needs a delivery to write the mandatory
    // ApplicableHeaderTradeDelivery). Documents issued before periods were stored name the
    // issue date, as their PDF does.
    "cac:Delivery": {
      "cbc:ActualDeliveryDate": period?.lastDay ?? calendarDayOf(document.issuedAt, timeZone),
    },
    "cac:TaxTotal": [
      {
        "cbc:TaxAmount": amount(document.taxCents),
        "cbc:TaxAmount@currencyID": currency,
        "cac:TaxSubtotal": [
          {
            "cbc:TaxableAmount": amount(document.netCents),
            "cbc:TaxableAmount@currencyID": currency,
            "cbc:TaxAmount": amount(document.taxCents),
            "cbc:TaxAmount@currencyID": currency,
            "cac:TaxCategory": {
              ...category,
              ...(smallBusiness ? { "cbc:TaxExemptionReason": SMALL_BUSINESS_NOTE } : {}),
            },
          },
        ],
      },
    ],
    "cac:LegalMonetaryTotal": {
      "cbc:LineExtensionAmount": amount(document.netCents),
      "cbc:LineExtensionAmount@currencyID": currency,
      "cbc:TaxExclusiveAmount": amount(document.netCents),
      "cbc:TaxExclusiveAmount@currencyID": currency,
      "cbc:TaxInclusiveAmount": amount(document.grossCents),
      "cbc:TaxInclusiveAmount@currencyID": currency,
      // Paid before the invoice was issued (and refunded before the credit note was).
      "cbc:PrepaidAmount": amount(document.grossCents),
      "cbc:PrepaidAmount@currencyID": currency,
      "cbc:PayableAmount": amount(0),
      "cbc:PayableAmount@currencyID": currency,
    },
    "cac:InvoiceLine": document.lines.map((line, index) => {
      const { netCents } = splitGross(line.grossCents, document.vatMode);
      return {
        "cbc:ID": String(index + 1),
        "cbc:InvoicedQuantity": "1",
        "cbc:InvoicedQuantity@unitCode": "C62" as const,
        "cbc:LineExtensionAmount": amount(netCents),
        "cbc:LineExtensionAmount@currencyID": currency,
        ...(line.period ? { "cac:InvoicePeriod": invoicePeriod(line.period) } : {}),
        "cac:Item": {
          "cbc:Name": line.description,
          "cac:ClassifiedTaxCategory": category,
        },
        "cac:Price": {
          "cbc:PriceAmount": amount(netCents),
          "cbc:PriceAmount@currencyID": currency,
        },
      };
    }) as InvoiceData["cac:InvoiceLine"],
  };
  return { "ubl:Invoice": data };
}

const quietLogger = { log: () => {}, warn: () => {}, error: () => {} };

/**
 * The PDF for people turned into a Factur-X (ZUGFeRD) EN 16931 document: PDF/A-3 with the
 * e-invoice's XML embedded as factur-x.xml, through @e-invoice-eu/core (decision 0068).
 */
export async function toFacturX(pdf: Buffer, data: Invoice, fileName: string): Promise<Buffer> {
  const service = new InvoiceService(quietLogger);
  const result = await service.generate(data, {
    format: "Factur-X-EN16931",
    lang: "de-de",
    pdf: { buffer: pdf, filename: fileName, mimetype: "application/pdf" },
  });
  return Buffer.from(result as Uint8Array);
}
