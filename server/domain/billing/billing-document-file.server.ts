import { eq } from "drizzle-orm";
import { billingDocuments, type BillingDocument } from "#server/db/schema/invoices.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { documentFileName } from "./billing-document-text.ts";

export interface BillingDocumentFile {
  fileName: string;
  content: Buffer;
}

/**
 * The file of an issued document — a Factur-X PDF: the page for people with the EN 16931 XML
 * inside — made from the stored row on demand (nothing else is stored; decision 0068). The PDF
 * and e-invoice libraries load on the first document, not at start (decision 0193).
 */
export async function billingDocumentFile(
  deps: DomainDeps,
  document: BillingDocument,
): Promise<BillingDocumentFile> {
  const [corrected] = document.correctsId
    ? await deps.db
        .select({
          number: billingDocuments.number,
          issuedAt: billingDocuments.issuedAt,
          grossCents: billingDocuments.grossCents,
        })
        .from(billingDocuments)
        .where(eq(billingDocuments.id, document.correctsId))
    : [];
  const timeZone = deps.config.city.timeZone;
  const fileName = documentFileName(document);
  const [{ renderBillingPdf }, { eInvoiceData, toFacturX }] = await Promise.all([
    import("./invoice-pdf.server.ts"),
    import("./e-invoice.server.ts"),
  ]);
  const pdf = await renderBillingPdf({ document, corrected, timeZone });
  const content = await toFacturX(pdf, eInvoiceData(document, corrected, timeZone), fileName);
  return { fileName, content };
}
