import { and, count, desc, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { billingDocuments, type BillingDocumentKind } from "#server/db/schema/invoices.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { NotFoundError } from "#server/domain/errors.ts";
import { offsetOf, type Page, type PageRequest } from "#server/domain/paging.ts";
import { billingDocumentFile, type BillingDocumentFile } from "./billing-document-file.server.ts";

export interface OwnBillingDocument {
  number: string;
  kind: BillingDocumentKind;
  issuedAt: Date;
  grossCents: number;
  currency: string;
  description: string;
  /** The invoice a credit note reverses. */
  correctsNumber: string | null;
}

const corrected = alias(billingDocuments, "corrected");

/** The signed-in user's invoices and credit notes, newest first. */
export async function listOwnBillingDocuments(
  deps: DomainDeps,
  userId: number,
  pageRequest: PageRequest,
): Promise<Page<OwnBillingDocument>> {
  const own = eq(billingDocuments.userId, userId);
  const [rows, [counted]] = await Promise.all([
    deps.db
      .select({
        number: billingDocuments.number,
        kind: billingDocuments.kind,
        issuedAt: billingDocuments.issuedAt,
        grossCents: billingDocuments.grossCents,
        currency: billingDocuments.currency,
        lines: billingDocuments.lines,
        correctsNumber: corrected.number,
      })
      .from(billingDocuments)
      .leftJoin(corrected, eq(corrected.id, billingDocuments.correctsId))
      .where(own)
      .orderBy(desc(billingDocuments.issuedAt), desc(billingDocuments.id))
      .limit(pageRequest.pageSize)
      .offset(offsetOf(pageRequest)),
    deps.db.select({ count: count() }).from(billingDocuments).where(own),
  ]);
  return {
    count: counted?.count ?? 0,
    page: pageRequest.page,
    pageSize: pageRequest.pageSize,
    items: rows.map(({ lines, ...row }) => ({
      ...row,
      description: lines.map((line) => line.description).join("; "),
    })),
  };
}

/** The file of one of the user's own documents; anyone else's, or none, is not found. */
export async function ownBillingDocumentFile(
  deps: DomainDeps,
  userId: number,
  number: string,
): Promise<BillingDocumentFile> {
  const [document] = await deps.db
    .select()
    .from(billingDocuments)
    .where(and(eq(billingDocuments.number, number), eq(billingDocuments.userId, userId)));
  if (!document) throw new NotFoundError("Diese Rechnung gibt es nicht.");
  return billingDocumentFile(deps, document);
}
