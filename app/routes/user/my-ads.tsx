import { countOf, nouns } from "#common/plural.ts";
import { Link, useLoaderData } from "react-router";
import { formatCtr } from "#common/click-rate.ts";
import { formatDateTime } from "#common/dates.ts";
import { formatCents } from "#common/money.ts";
import { billingDocumentPath, bookAdPath, editAdPath } from "#common/urls.ts";
import { adStatusLabels } from "#common/promotion-labels.ts";
import { listOwnAds } from "#server/domain/ads/own-ads.server.ts";
import { ownAdRefunds } from "#server/domain/payments/refunds.server.ts";
import { adStatisticsTable } from "#server/domain/payments/statistics-mail.server.ts";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import { OrderNotice } from "#app/components/promotion/order-notice.tsx";
import { StatisticsTable } from "#app/components/promotion/statistics-table.tsx";
import { ViewsChart } from "#app/components/promotion/views-chart.tsx";
import { returnedOrder } from "#app/lib/promotion.server.ts";
import { requireUser } from "#app/lib/session.server.ts";
import { privatePageMeta } from "#app/lib/private-page-meta.ts";
import type { Route } from "./+types/my-ads";
import { AdThumbnail } from "#app/components/ads/ad-thumbnail.tsx";

export const meta = privatePageMeta("Meine Anzeigen");

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const [ads, refunds] = await Promise.all([
    listOwnAds(context.deps, user.id),
    ownAdRefunds(context.deps, user.id),
  ]);
  return {
    saved: new URL(request.url).searchParams.has("gespeichert"),
    order: await returnedOrder(context, user, request),
    ads: ads.map((ad) => ({
      id: ad.id,
      title: ad.title,
      image: ad.image,
      targetUrl: ad.targetUrl,
      status: adStatusLabels[ad.status],
      editable: ad.status !== "expired" && ad.status !== "rejected",
      period:
        ad.startsAt && ad.endsAt
          ? `${formatDateTime(ad.startsAt)} bis ${formatDateTime(ad.endsAt)}`
          : null,
      price: formatCents(ad.priceCents),
      rejectionReason: ad.rejectionReason,
      refunds: (refunds.get(ad.id) ?? []).map((refund) => ({
        amount: formatCents(refund.amountCents),
        paidOut: refund.paidOut,
        creditNote: refund.creditNoteNumber,
      })),
      views: ad.statistics.views,
      clicks: ad.statistics.clicks,
      ctr: formatCtr(ad.statistics.ctr),
      days: ad.statistics.days.map((day) => ({ day: day.day, views: day.views })),
      table: adStatisticsTable(ad.statistics),
    })),
  };
}

/** The own ads: status, period, price, views, clicks, CTR and views per day. */
export default function MyAds() {
  const { ads, order, saved } = useLoaderData<typeof loader>();
  return (
    <section className="flex flex-col gap-6 py-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-black tracking-tight">Meine Anzeigen</h1>
        <Link
          to={bookAdPath}
          className="inline-flex min-h-11 items-center rounded-full bg-accent px-6 font-bold text-accent-ink"
        >
          Anzeige buchen
        </Link>
      </div>
      <OrderNotice order={order} />
      {saved ? <FormAlert kind="success">Deine Anzeige ist gespeichert.</FormAlert> : null}
      {ads.length === 0 ? (
        <p className="text-muted">Du hast noch keine Anzeige gebucht.</p>
      ) : (
        <ul className="flex flex-col gap-4">
          {ads.map((ad) => (
            <li
              key={ad.id}
              data-ad={ad.id}
              className="flex flex-col gap-4 rounded-xl border border-line bg-card p-4 sm:flex-row"
            >
              <AdThumbnail src={ad.image} />
              <div className="flex min-w-0 flex-1 flex-col gap-2">
                <h2 className="text-lg font-bold">{ad.title}</h2>
                <p className="flex flex-wrap gap-3 text-sm">
                  <span className="rounded-full bg-raised px-2 py-0.5 font-bold">{ad.status}</span>
                  <span>{ad.price}</span>
                </p>
                {ad.period ? <p className="tabular text-sm">{ad.period}</p> : null}
                {ad.rejectionReason ? (
                  <p className="text-sm">Abgelehnt: {ad.rejectionReason}</p>
                ) : null}
                {ad.refunds.map((refund, index) => (
                  <p key={index} className="text-sm font-semibold">
                    {refund.paidOut ? "Erstattet" : "Wird erstattet"}: {refund.amount}
                    {refund.creditNote ? (
                      <>
                        {" · "}
                        <a
                          href={billingDocumentPath(refund.creditNote)}
                          download
                          className="text-accent underline"
                        >
                          Stornorechnung {refund.creditNote}
                        </a>
                      </>
                    ) : null}
                  </p>
                ))}
                <p className="tabular text-sm">
                  {countOf(ad.views, nouns.view)} · {countOf(ad.clicks, nouns.click)} · Klickrate{" "}
                  {ad.ctr}
                </p>
                <ViewsChart days={ad.days} />
                <StatisticsTable table={ad.table} />
                {ad.editable ? (
                  <Link
                    to={editAdPath(ad.id)}
                    aria-label={`Bearbeiten: ${ad.title}`}
                    className="inline-flex min-h-11 items-center self-start rounded-full border border-accent px-4 text-sm font-semibold text-accent"
                  >
                    Bearbeiten
                  </Link>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
