import { formatCents } from "#common/money.ts";
import type { BillingDocument } from "#server/db/schema/invoices.ts";

/** The § 19 UStG note every small-business document carries. */
export const SMALL_BUSINESS_NOTE = "Gemäß § 19 UStG wird keine Umsatzsteuer berechnet.";

/** "Rechnung" or "Stornorechnung", as the documents, the list and the mails call them. */
export function documentTitle(document: Pick<BillingDocument, "kind">): string {
  return document.kind === "invoice" ? "Rechnung" : "Stornorechnung";
}

/** An amount as printed on the document: credit notes count against the buyer's invoice. */
export function documentAmount(document: Pick<BillingDocument, "kind">, cents: number): string {
  return formatCents(document.kind === "credit_note" ? -cents : cents);
}

/** "22.11.2026" in the city's time zone. */
export function documentDate(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("de-DE", {
    timeZone,
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
  }).format(instant);
}

/** "2026-11-22" in the city's time zone (the e-invoice's dates). */
export function documentIsoDate(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone,
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
  }).format(instant);
}

/** "Storniert die Rechnung 2026-000001 vom 20.11.2026." on a credit note. */
export function correctionNote(
  corrected: Pick<BillingDocument, "number" | "issuedAt">,
  timeZone: string,
): string {
  return `Storniert die Rechnung ${corrected.number} vom ${documentDate(corrected.issuedAt, timeZone)}.`;
}

/** The file name a document is downloaded and mailed as. */
export function documentFileName(document: Pick<BillingDocument, "kind" | "number">): string {
  return `${documentTitle(document)}-${document.number}.pdf`;
}
