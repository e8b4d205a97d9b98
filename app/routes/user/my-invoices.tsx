import { Link, useLoaderData } from "react-router";
import { DEFAULT_PAGE_SIZE } from "#common/constants.ts";
import { formatCents } from "#common/money.ts";
import { hasMorePages } from "#common/paging.ts";
import { billingDocumentPath, billingDocumentsPath } from "#common/urls.ts";
import { pageNumber } from "#app/lib/page-number.ts";
import { privatePageMeta } from "#app/lib/private-page-meta.ts";
import { requireUser } from "#app/lib/session.server.ts";
import { listOwnBillingDocuments } from "#server/domain/billing/my-billing-documents.server.ts";
import type { Route } from "./+types/my-invoices";

export const meta = privatePageMeta("Rechnungen");

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const page = pageNumber(new URL(request.url));
  const documents = await listOwnBillingDocuments(context.deps, user.id, {
    page,
    pageSize: DEFAULT_PAGE_SIZE,
  });
  return {
    page,
    hasMore: hasMorePages(documents),
    timeZone: context.deps.config.city.timeZone,
    documents: documents.items.map((document) => ({
      number: document.number,
      kind: document.kind,
      issuedAt: document.issuedAt.toISOString(),
      amount: formatCents(document.grossCents),
      description: document.description,
      correctsNumber: document.correctsNumber,
    })),
  };
}

/** The user's invoices and credit notes (issue 11), each a Factur-X PDF to download. */
export default function MyInvoices() {
  const { documents, page, hasMore, timeZone } = useLoaderData<typeof loader>();
  const day = new Intl.DateTimeFormat("de-DE", {
    timeZone,
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
  });
  return (
    <section className="flex flex-col gap-6 py-6">
      <h1 className="text-3xl font-black tracking-tight">Rechnungen</h1>
      <p className="text-muted">
        Zu jeder Buchung bekommst Du eine Rechnung per E-Mail; hier findest Du alle wieder. Jedes
        PDF ist zugleich eine E-Rechnung (ZUGFeRD/Factur-X).
      </p>
      {documents.length === 0 ? (
        <p className="text-muted">
          Sobald Du ein Top-Event oder eine Anzeige bezahlt hast, steht hier Deine Rechnung.
        </p>
      ) : (
        <ul className="flex flex-col gap-3">
          {documents.map((document) => (
            <li
              key={document.number}
              className="flex flex-col gap-1 rounded-xl border border-line bg-card p-4 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="flex flex-col gap-1">
                <span className="font-bold">
                  {document.kind === "invoice" ? "Rechnung" : "Stornorechnung"} {document.number}
                </span>
                <span className="text-sm text-muted">
                  {day.format(new Date(document.issuedAt))} · {document.description}
                  {document.correctsNumber
                    ? ` · storniert Rechnung ${document.correctsNumber}`
                    : ""}
                </span>
              </div>
              <div className="flex items-center gap-4">
                <span className="font-semibold">
                  {document.kind === "credit_note" ? "−" : ""}
                  {document.amount}
                </span>
                <a
                  href={billingDocumentPath(document.number)}
                  download
                  className="font-semibold text-accent underline"
                >
                  PDF herunterladen
                </a>
              </div>
            </li>
          ))}
        </ul>
      )}
      <nav aria-label="Seiten" className="flex gap-4">
        {page > 1 ? (
          <Link to={`${billingDocumentsPath}?page=${page - 1}`} className="underline">
            Neuere
          </Link>
        ) : null}
        {hasMore ? (
          <Link to={`${billingDocumentsPath}?page=${page + 1}`} className="underline">
            Ältere
          </Link>
        ) : null}
      </nav>
    </section>
  );
}
