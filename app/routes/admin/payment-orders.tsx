import { Link, useLoaderData } from "react-router";
import { formatDateTime } from "#common/dates.ts";
import { formatCents } from "#common/money.ts";
import { lastPageOf } from "#common/paging.ts";
import { orderStatusLabels } from "#common/promotion-labels.ts";
import { listOrders } from "#server/domain/payments/order-list.server.ts";
import { pageNumber } from "#app/lib/page-number.ts";
import { requireAdmin } from "#app/lib/session.server.ts";
import { privatePageMeta } from "#app/lib/private-page-meta.ts";
import type { Route } from "./+types/payment-orders";

export const meta = privatePageMeta("Zahlungen");

const PAGE_SIZE = 50;

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const page = await listOrders(context.deps, {
    page: pageNumber(new URL(request.url)),
    pageSize: PAGE_SIZE,
  });
  return {
    page: page.page,
    lastPage: lastPageOf(page),
    orders: page.items.map((order) => ({
      id: order.id,
      what:
        order.purpose === "top_event"
          ? `Top-Event (Party ${order.eventId})`
          : `Anzeige ${order.adId}`,
      status: orderStatusLabels[order.status],
      amount: formatCents(order.amountCents),
      provider: order.provider,
      buyer: order.buyerEmail ?? "–",
      created: formatDateTime(order.createdAt),
      history: order.history.map((entry) => ({
        at: formatDateTime(new Date(entry.at)),
        status: orderStatusLabels[entry.status as keyof typeof orderStatusLabels] ?? entry.status,
        note: entry.note ?? null,
      })),
    })),
  };
}

/** Every order with its state and the time of each transition (admins only). */
export default function PaymentOrders() {
  const { orders, page, lastPage } = useLoaderData<typeof loader>();
  return (
    <section className="flex flex-col gap-6 py-6">
      <h1 className="text-3xl font-black tracking-tight">Zahlungen</h1>
      {orders.length === 0 ? (
        <p className="text-muted">Noch keine Bestellungen.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="tabular w-full text-sm">
            <thead>
              <tr className="text-left">
                <th className="p-2">Nr.</th>
                <th className="p-2">Wofür</th>
                <th className="p-2">Betrag</th>
                <th className="p-2">Status</th>
                <th className="p-2">Käufer*in</th>
                <th className="p-2">Verlauf</th>
              </tr>
            </thead>
            <tbody>
              {orders.map((order) => (
                <tr key={order.id} className="border-t border-line align-top">
                  <td className="p-2">{order.id}</td>
                  <td className="p-2">{order.what}</td>
                  <td className="p-2">{order.amount}</td>
                  <td className="p-2 font-semibold">{order.status}</td>
                  <td className="p-2">{order.buyer}</td>
                  <td className="p-2">
                    <ol>
                      {order.history.map((entry, index) => (
                        <li key={index}>
                          {entry.at}: {entry.status}
                          {entry.note ? ` (${entry.note})` : ""}
                        </li>
                      ))}
                    </ol>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {lastPage > 1 ? (
        <nav aria-label="Seiten" className="flex items-center gap-4">
          {page > 1 ? <Link to={`?page=${page - 1}`}>Zurück</Link> : null}
          <span>
            Seite {page} von {lastPage}
          </span>
          {page < lastPage ? <Link to={`?page=${page + 1}`}>Weiter</Link> : null}
        </nav>
      ) : null}
    </section>
  );
}
