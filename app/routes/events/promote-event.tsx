import { countOf, nouns } from "#common/plural.ts";
import { redirect, useActionData, useLoaderData } from "react-router";
import { formatDateTime } from "#common/dates.ts";
import { formatCents } from "#common/money.ts";
import { topEventOrderSchema } from "#common/schemas/promotion.ts";
import { orderTopEvent } from "#server/domain/payments/top-event-orders.server.ts";
import { CsrfField } from "#app/components/forms/csrf-field.tsx";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import { RadioGroupField } from "#app/components/forms/radio-group-field.tsx";
import { SubmitButton } from "#app/components/forms/submit-button.tsx";
import { useValidatedForm } from "#app/components/forms/use-validated-form.ts";
import { OrderNotice } from "#app/components/promotion/order-notice.tsx";
import { TermsCheckbox } from "#app/components/promotion/terms-checkbox.tsx";
import { StatisticsTable } from "#app/components/promotion/statistics-table.tsx";
import { ViewsChart } from "#app/components/promotion/views-chart.tsx";
import { formAction } from "#app/lib/form-action.server.ts";
import type { FormResult } from "#app/lib/form-result.ts";
import {
  newOrderKey,
  returnedOrder,
  topEventOfferFor,
  topEventPromotionsFor,
} from "#app/lib/promotion.server.ts";
import { parseId } from "#app/lib/route-params.ts";
import { actorOf, requireUser } from "#app/lib/session.server.ts";
import { privatePageMeta } from "#app/lib/private-page-meta.ts";
import type { Route } from "./+types/promote-event";

export const meta = privatePageMeta("Party hervorheben");

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const eventId = parseId(params.id);
  const { offer, refusal } = await topEventOfferFor(context, user, eventId);
  return {
    csrfToken: context.session.csrfToken,
    orderKey: newOrderKey(),
    order: await returnedOrder(context, user, request),
    promotions: await topEventPromotionsFor(context, user, eventId),
    refusal: refusal ?? null,
    offer: offer
      ? {
          title: offer.event.title,
          startsAt: offer.event.startsAt.toISOString(),
          topUntil: offer.event.topUntil?.toISOString() ?? null,
          pricePerWeek: formatCents(offer.pricePerWeekCents),
          choices: offer.choices.map((choice) => ({
            value: String(choice.weeks),
            label: choice.label,
          })),
        }
      : null,
  };
}

export const action = (args: Route.ActionArgs) => {
  const user = requireUser(args.request, args.context);
  const eventId = parseId(args.params.id);
  return formAction(
    args,
    async ({ values }) => {
      const order = await orderTopEvent(
        args.context.deps,
        actorOf(user, args.context),
        eventId,
        values,
      );
      throw redirect(order.checkoutUrl);
    },
    { checkboxes: ["accept_terms"] },
  );
};

export default function PromoteEvent() {
  const { csrfToken, orderKey, order, promotions, refusal, offer } = useLoaderData<typeof loader>();
  const result = useActionData<FormResult>();
  const form = useValidatedForm<{ weeks: string; accept_terms: boolean; order_key: string }>({
    schema: topEventOrderSchema,
    defaultValues: { weeks: "1", accept_terms: false, order_key: orderKey },
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
            Als Top-Event steht Deine Party in ihrer Nacht ganz oben, mit der Markierung
            „Top-Event“, und im Newsletter bei den Top-Events. Der Zeitraum beginnt mit Deiner
            Zahlung und endet von selbst. Preis: {offer.pricePerWeek} pro Woche.
          </p>
          {offer.topUntil ? (
            <p className="rounded-lg border border-accent px-4 py-3">
              Schon Top-Event bis {formatDateTime(new Date(offer.topUntil))}. Eine neue Buchung
              verlängert den Zeitraum.
            </p>
          ) : null}
          <FormAlert kind="error">{result?.formError}</FormAlert>
          <form method="post" noValidate onSubmit={form.onSubmit} className="flex flex-col gap-5">
            <CsrfField token={csrfToken} />
            <input type="hidden" {...form.register("order_key")} />
            <RadioGroupField legend="Zeitraum" options={offer.choices} {...form.field("weeks")} />
            <TermsCheckbox {...form.field("accept_terms")} />
            <SubmitButton>Jetzt bezahlen</SubmitButton>
          </form>
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
