import { calendarDayOf } from "#common/dates.ts";
import { formatCents } from "#common/money.ts";
import type { BillingDocument, ServicePeriod } from "#server/db/schema/invoices.ts";

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

/**
 * The days a paid period covers, in the city's calendar: from the day it starts to the day of
 * its last moment (a period ending at midnight ends the day before; one ending at 06:00 after a
 * party night, that morning).
 */
export function servicePeriodOf(startsAt: Date, endsAt: Date, timeZone: string): ServicePeriod {
  return {
    firstDay: calendarDayOf(startsAt, timeZone),
    lastDay: calendarDayOf(new Date(Math.max(startsAt.getTime(), endsAt.getTime() - 1)), timeZone),
  };
}

/** The service period of a whole document: from its lines' first day to their last; null when none has one. */
export function documentServicePeriod(
  document: Pick<BillingDocument, "lines">,
): ServicePeriod | null {
  const periods = document.lines.flatMap((line) => (line.period ? [line.period] : []));
  if (periods.length === 0) return null;
  return {
    firstDay: periods.map((period) => period.firstDay).sort()[0]!,
    lastDay: periods
      .map((period) => period.lastDay)
      .sort()
      .at(-1)!,
  };
}

const isoDayParts = (day: string) => day.split("-") as [string, string, string];

/** "28.11.–11.12.2026"; across a new year "28.12.2026–03.01.2027"; one day "05.12.2026". */
export function formatServicePeriod({ firstDay, lastDay }: ServicePeriod): string {
  const [firstYear, firstMonth, firstDate] = isoDayParts(firstDay);
  const [lastYear, lastMonth, lastDate] = isoDayParts(lastDay);
  const last = `${lastDate}.${lastMonth}.${lastYear}`;
  if (firstDay === lastDay) return last;
  const first =
    firstYear === lastYear
      ? `${firstDate}.${firstMonth}.`
      : `${firstDate}.${firstMonth}.${firstYear}`;
  return `${first}–${last}`;
}

/**
 * On a credit note: "Storniert die Rechnung 2026-000001 vom 20.11.2026." when it reverses the
 * whole invoice, "Storniert die Rechnung … teilweise." when it gives back a part.
 */
export function correctionNote(
  creditNote: Pick<BillingDocument, "grossCents">,
  corrected: Pick<BillingDocument, "number" | "issuedAt" | "grossCents">,
  timeZone: string,
): string {
  const part = creditNote.grossCents < corrected.grossCents ? " teilweise" : "";
  return `Storniert die Rechnung ${corrected.number} vom ${documentDate(corrected.issuedAt, timeZone)}${part}.`;
}

/** The file name a document is downloaded and mailed as. */
export function documentFileName(document: Pick<BillingDocument, "kind" | "number">): string {
  return `${documentTitle(document)}-${document.number}.pdf`;
}
