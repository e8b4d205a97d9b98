import { BILLING_NUMBER_PATTERN } from "#common/billing-number.ts";
import { orNotFound } from "#app/lib/not-found.server.ts";
import { notFound } from "#app/lib/route-params.ts";
import { requireUser } from "#app/lib/session.server.ts";
import { ownBillingDocumentFile } from "#server/domain/billing/my-billing-documents.server.ts";
import type { Route } from "./+types/invoice-file";

/** /user/rechnungen/{number}.pdf: one own invoice or credit note; anyone else's is the 404. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const number = params.file?.endsWith(".pdf") ? params.file.slice(0, -".pdf".length) : "";
  if (!BILLING_NUMBER_PATTERN.test(number)) notFound();
  const file = await orNotFound(ownBillingDocumentFile(context.deps, user.id, number));
  return new Response(new Uint8Array(file.content), {
    headers: {
      "content-type": "application/pdf",
      "content-disposition": `attachment; filename="${file.fileName}"`,
      "cache-control": "private, no-store",
    },
  });
}
