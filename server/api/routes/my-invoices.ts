import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { BILLING_NUMBER_PATTERN } from "#common/billing-number.ts";
import { formatCents } from "#common/money.ts";
import { pagingQuery } from "#common/schemas/paging.ts";
import { billingDocumentApiPath } from "#common/urls.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import {
  listOwnBillingDocuments,
  ownBillingDocumentFile,
} from "#server/domain/billing/my-billing-documents.server.ts";
import { requireSession } from "#server/http/request-auth.ts";
import { pagedResponseSchema, toPagedResponse } from "#server/api/paged-response.ts";
import { detailJson } from "#server/api/shared-schemas.ts";

const billingDocumentJson = z.object({
  number: z.string(),
  kind: z.enum(["invoice", "credit_note"]).describe("An invoice, or a credit note reversing one"),
  issued_at: z.string(),
  amount_cents: z.number().int().describe("Gross, as paid (credit notes: as refunded)"),
  amount: z.string().describe('German format, e.g. "75,00 €"'),
  currency: z.string(),
  description: z.string(),
  corrects_number: z.string().nullable().describe("The invoice a credit note reverses"),
  pdf_url: z.string().describe("The Factur-X PDF (EN 16931 e-invoice inside)"),
});

const numberParams = z.object({
  number: z.string().regex(BILLING_NUMBER_PATTERN, "Keine gültige Rechnungsnummer."),
});

/** GET /api/my-invoices/ and one own document's PDF: the signed-in user's invoices. */
export const myInvoiceRoutes: FastifyPluginAsyncZod<{ deps: DomainDeps }> = async (
  app,
  { deps },
) => {
  app.get(
    "/my-invoices/",
    {
      schema: {
        tags: ["accounts"],
        summary: "The signed-in user's invoices and credit notes, newest first",
        querystring: z.strictObject(pagingQuery),
        response: { 200: pagedResponseSchema(billingDocumentJson), 401: detailJson },
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(deps, request, reply);
      const page = await listOwnBillingDocuments(deps, user.id, {
        page: request.query.page,
        pageSize: request.query.page_size,
      });
      reply.header("cache-control", "no-store");
      return toPagedResponse(request, deps.config.publicUrl, page, (document) => ({
        number: document.number,
        kind: document.kind,
        issued_at: document.issuedAt.toISOString(),
        amount_cents: document.grossCents,
        amount: formatCents(document.grossCents),
        currency: document.currency,
        description: document.description,
        corrects_number: document.correctsNumber,
        pdf_url: `${deps.config.publicUrl}${billingDocumentApiPath(document.number)}`,
      }));
    },
  );

  app.get(
    "/my-invoices/:number/pdf/",
    {
      schema: {
        tags: ["accounts"],
        summary: "One own invoice or credit note as a Factur-X PDF; anyone else's is a 404",
        params: numberParams,
        response: { 200: z.any().describe("application/pdf"), 401: detailJson, 404: detailJson },
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(deps, request, reply);
      const file = await ownBillingDocumentFile(deps, user.id, request.params.number);
      return reply
        .type("application/pdf")
        .header("content-disposition", `attachment; filename="${file.fileName}"`)
        .header("cache-control", "private, no-store")
        .send(file.content);
    },
  );
};
