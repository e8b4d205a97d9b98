import { createRequire } from "node:module";
import path from "node:path";
import PDFDocument from "pdfkit";
import { formatCents } from "#common/money.ts";
import type { BillingDocument, BillingParty } from "#server/db/schema/invoices.ts";
import {
  correctionNote,
  documentAmount,
  documentDate,
  documentServicePeriod,
  documentTitle,
  formatServicePeriod,
  SMALL_BUSINESS_NOTE,
} from "./billing-document-text.ts";

const fontFolder = path.join(
  path.dirname(createRequire(import.meta.url).resolve("@fontsource/space-grotesk/LICENSE")),
  "files",
);
/** The site's typeface, embedded (PDF/A wants every font inside the file). */
const fonts = {
  regular: path.join(fontFolder, "space-grotesk-latin-400-normal.woff"),
  bold: path.join(fontFolder, "space-grotesk-latin-700-normal.woff"),
};

export interface PdfInput {
  document: BillingDocument;
  /** The invoice a credit note reverses. */
  corrected?: Pick<BillingDocument, "number" | "issuedAt" | "grossCents"> | null;
  timeZone: string;
}

function partyLines(party: BillingParty): string[] {
  return [
    party.name,
    party.organization,
    ...(party.address ?? "").split(/\s*(?:,|\n)\s*/),
    party.email,
    party.phone ? `Telefon: ${party.phone}` : null,
    party.vatId ? `USt-IdNr.: ${party.vatId}` : null,
  ].filter((line): line is string => Boolean(line));
}

/** The document for people: an A4 page, rendered the same from the stored row every time. */
export function renderBillingPdf({ document, corrected, timeZone }: PdfInput): Promise<Buffer> {
  const title = documentTitle(document);
  const pdf = new PDFDocument({
    size: "A4",
    margin: 56,
    pdfVersion: "1.7",
    lang: "de-DE",
    displayTitle: true,
    info: {
      Title: `${title} ${document.number}`,
      Author: document.seller.name,
      CreationDate: document.issuedAt,
      ModDate: document.issuedAt,
    },
  });
  const chunks: Buffer[] = [];
  pdf.on("data", (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    pdf.on("end", () => resolve(Buffer.concat(chunks)));
    pdf.on("error", reject);
  });
  pdf.registerFont("regular", fonts.regular);
  pdf.registerFont("bold", fonts.bold);

  pdf.font("regular").fontSize(9).fillColor("#555555");
  pdf.text(partyLines(document.seller).join(" · "));
  pdf.moveDown(2).fillColor("#000000").fontSize(11);
  for (const line of partyLines(document.buyer)) pdf.text(line);

  pdf.moveDown(2).font("bold").fontSize(20).text(`${title} ${document.number}`);
  pdf.font("regular").fontSize(11).moveDown(0.5);
  pdf.text(`${title}sdatum: ${documentDate(document.issuedAt, timeZone)}`);
  // The service period of the booking (the XML's BillingSpecifiedPeriod says the same);
  // documents issued before periods were stored name the issue date, as their XML does.
  const period = documentServicePeriod(document);
  pdf.text(
    period
      ? `Leistungszeitraum: ${formatServicePeriod(period)}`
      : `Leistungsdatum: ${documentDate(document.issuedAt, timeZone)}`,
  );
  if (corrected) pdf.text(correctionNote(document, corrected, timeZone));

  pdf.moveDown(1.5).font("bold");
  const top = pdf.y;
  pdf.text("Pos.", 56, top, { width: 40 });
  pdf.text("Leistung", 96, top, { width: 320 });
  pdf.text("Betrag", 420, top, { width: 119, align: "right" });
  pdf.font("regular").moveDown(0.5);
  document.lines.forEach((line, index) => {
    const rowTop = pdf.y;
    pdf.text(String(index + 1), 56, rowTop, { width: 40 });
    pdf.text(line.description, 96, rowTop, { width: 320 });
    const afterDescription = pdf.y;
    pdf.text(documentAmount(document, line.grossCents), 420, rowTop, {
      width: 119,
      align: "right",
    });
    pdf.y = Math.max(afterDescription, pdf.y);
  });

  pdf.moveDown(1);
  const total = (label: string, amount: string, bold = false) => {
    const rowTop = pdf.y;
    pdf.font(bold ? "bold" : "regular");
    pdf.text(label, 96, rowTop, { width: 320 });
    pdf.text(amount, 420, rowTop, { width: 119, align: "right" });
  };
  if (document.vatMode === "standard") {
    total("Nettobetrag", documentAmount(document, document.netCents));
    total(`Umsatzsteuer ${document.vatRatePercent} %`, documentAmount(document, document.taxCents));
  }
  total("Gesamtbetrag", documentAmount(document, document.grossCents), true);

  pdf.font("regular").moveDown(2);
  pdf.x = 56;
  if (document.vatMode === "small_business") pdf.text(SMALL_BUSINESS_NOTE);
  pdf.text(
    document.kind === "invoice"
      ? `Der Betrag von ${formatCents(document.grossCents)} wurde bereits bezahlt.`
      : `Der Betrag von ${formatCents(document.grossCents)} wird Dir erstattet.`,
  );
  pdf.end();
  return finished;
}
