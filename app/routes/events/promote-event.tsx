import { countOf, nouns } from "#common/plural.ts";
import { useActionData, useLoaderData } from "react-router";
import { formatDateTime } from "#common/dates.ts";
import { TOP_EVENT_BADGE } from "#common/top-event-badge.ts";
import { formatCents } from "#common/money.ts";
import { TOP_EVENT_PRODUCT } from "#common/promotion-products.ts";
import { topEventOrderSchema } from "#common/schemas/promotion.ts";
import { orderTopEvent } from "#server/domain/payments/top-event-orders.server.ts";
import { CsrfField } from "#app/components/forms/csrf-field.tsx";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import { BillingAddressFields } from "#app/components/promotion/billing-address-fields.tsx";
import { SubmitButton } from "#app/components/forms/submit-button.tsx";
import { useValidatedForm } from "#app/components/forms/use-validated-form.ts";
import { OrderNotice } from "#app/components/promotion/order-notice.tsx";
import { TermsCheckbox } from "#app/components/promotion/terms-checkbox.tsx";
import { StatisticsTable } from "#app/components/promotion/statistics-table.tsx";
import { ViewsChart } from "#app/components/promotion/views-chart.tsx";
import type { FormResult } from "#app/lib/form-result.ts";
import {
  checkoutAction,
  checkoutDefaults,
  returnedOrder,
  topEventOfferFor,
  topEventPromotionsFor,
} from "#app/lib/promotion.server.ts";
import { parseId } from "#app/lib/route-params.ts";
import { requireUser } from "#app/lib/session.server.ts";
import { privatePageMeta } from "#app/lib/private-page-meta.ts";
import type { Route } from "./+types/promote-event";

export const meta = privatePageMeta("Party hervorheben");

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const eventId = parseId(params.id);
  const { offer, refusal } = await topEventOfferFor(context, user, eventId);
  return {
    csrfToken: context.session.csrfToken,
    checkout: await checkoutDefaults(context, user),
    order: await returnedOrder(context, user, request),
    promotions: await topEventPromotionsFor(context, user, eventId),
    refusal: refusal ?? null,
    offer: offer
      ? {
          title: offer.event.title,
          startsAt: offer.event.startsAt.toISOString(),
          topUntil: offer.event.topUntil?.toISOString() ?? null,
          nightEndsAt: offer.nightEndsAt.toISOString(),
          pricePerWeek: formatCents(offer.pricePerWeekCents),
          cover: offer.cover && {
            // A period that begins now begins with the payment; else where the running one ends.
            startsAt: offer.event.topUntil ? offer.cover.startsAt.toISOString() : null,
            nights: offer.cover.nights,
            amount: formatCents(offer.cover.amountCents),
          },
        }
      : null,
  };
}

export const action = (args: Route.ActionArgs) => {
  const eventId = parseId(args.params.id);
  return checkoutAction(args, (actor, values) =>
    orderTopEvent(args.context.deps, actor, eventId, values),
  );
};

interface TopEventValues {
  accept_terms: boolean;
  order_key: string;
  billing_name: string;
  billing_address: string;
}

export default function PromoteEvent() {
  const { csrfToken, checkout, order, promotions, refusal, offer } = useLoaderData<typeof loader>();
  const result = useActionData<FormResult>();
  const form = useValidatedForm<TopEventValues>({
    schema: topEventOrderSchema,
    defaultValues: { accept_terms: false, ...checkout },
    result,
  });
  return (
    <section className="mx-auto flex w-full max-w-xl flex-col gap-6 py-6">
      <h1 className="text-3xl font-black tracking-tight">Party hervorheben</h1>
      <OrderNotice order={order} />
      {offer ? (
        <>
          <div className="flex flex-col gap-1">
            <p className="text-xl font-bold">{offer.title}</p>
            <p className="text-muted">{formatDateTime(new Date(offer.startsAt))}</p>
          </div>
          <p>
            Als Top-Event steht Deine Party in ihrer Nacht ganz oben, mit der Markierung „
            {TOP_EVENT_BADGE}“ (sie sagt, dass der Platz bezahlt ist), und im Newsletter bei den
            Top-Events. Das Top-Event läuft ab Deiner Zahlung, bis die Nacht Deiner Party vorbei
            ist, und endet dann von selbst. Preis: {offer.pricePerWeek} pro Woche, also ein Siebtel
            davon je Partynacht.
          </p>
          {offer.topUntil ? (
            <p className="rounded-lg border border-accent px-4 py-3">
              {offer.cover
                ? `Schon Top-Event bis ${formatDateTime(new Date(offer.topUntil))} – das endet vor Deiner Party. Hier kannst Du den Rest bis zum Ende ihrer Nacht dazubuchen.`
                : `Deine Party ist Top-Event bis ${formatDateTime(new Date(offer.topUntil))}, bis ihre Nacht vorbei ist.`}
            </p>
          ) : null}
          <FormAlert kind="error">{result?.formError}</FormAlert>
          {offer.cover ? (
            <form method="post" noValidate onSubmit={form.onSubmit} className="flex flex-col gap-5">
              <CsrfField token={csrfToken} />
              <input type="hidden" {...form.register("order_key")} />
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-lg border border-line bg-card px-4 py-3">
                <dt className="text-muted">Leistung</dt>
                <dd className="font-semibold">{TOP_EVENT_PRODUCT}</dd>
                <dt className="text-muted">Zeitraum</dt>
                <dd className="tabular">
                  {offer.cover.startsAt
                    ? `ab ${formatDateTime(new Date(offer.cover.startsAt))}`
                    : "ab Deiner Zahlung"}{" "}
                  bis {formatDateTime(new Date(offer.nightEndsAt))}
                </dd>
                <dt className="text-muted">Partynächte</dt>
                <dd className="tabular">{countOf(offer.cover.nights, nouns.night)}</dd>
                <dt className="text-muted">Preis</dt>
                <dd className="text-xl font-black">{offer.cover.amount}</dd>
              </dl>
              <p className="text-sm text-muted">
                Sagst Du die Party ab oder verlegst Du sie auf eine frühere Nacht, bekommst Du den
                nicht mehr nötigen Teil anteilig zurück, mit einer Stornorechnung. Verlegst Du sie
                nach hinten, verlängert sich nichts von selbst: Den Rest kannst Du hier dazubuchen.
              </p>
              <BillingAddressFields
                name={form.field("billing_name")}
                address={form.field("billing_address")}
              />
              <TermsCheckbox {...form.field("accept_terms")} />
              <SubmitButton>Jetzt bezahlen</SubmitButton>
            </form>
          ) : null}
        </>
      ) : (
        <FormAlert kind="error">{refusal}</FormAlert>
      )}
      {promotions.length > 0 ? (
        <section className="flex flex-col gap-4">
          <h2 className="text-xl font-bold">Bisher als Top-Event</h2>
          <ul className="flex flex-col gap-4">
            {promotions.map((promotion) => (
              <li key={promotion.orderId} className="flex flex-col gap-2">
                <p className="tabular text-sm">{promotion.period}</p>
                <p className="tabular text-sm">
                  {countOf(promotion.impressions, nouns.impression)} in den Listen ·{" "}
                  {countOf(promotion.clicks, nouns.click)} · Klickrate {promotion.ctr} ·{" "}
                  {countOf(promotion.pageViews, nouns.view)} der Partyseite
                </p>
                <ViewsChart days={promotion.days} unit="Einblendungen" />
                <StatisticsTable table={promotion.table} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </section>
  );
}
