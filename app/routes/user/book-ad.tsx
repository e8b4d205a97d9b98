import { useActionData, useLoaderData } from "react-router";
import { AD_DURATIONS } from "#common/constants.ts";
import { formatCents } from "#common/money.ts";
import { AD_PLACEMENTS, adPlacementLabel } from "#common/promotion-products.ts";
import { adBookingSchema } from "#common/schemas/promotion.ts";
import { bookAd } from "#server/domain/ads/ad-bookings.server.ts";
import { cityDayOf } from "#server/domain/kernel/city-day.server.ts";
import { getSiteSettings } from "#server/domain/settings/site-settings.server.ts";
import { CsrfField } from "#app/components/forms/csrf-field.tsx";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import { RadioGroupField } from "#app/components/forms/radio-group-field.tsx";
import { SubmitButton } from "#app/components/forms/submit-button.tsx";
import { TextField } from "#app/components/forms/text-field.tsx";
import { useValidatedForm } from "#app/components/forms/use-validated-form.ts";
import { AdCreativeFields } from "#app/components/promotion/ad-creative-fields.tsx";
import { BillingAddressFields } from "#app/components/promotion/billing-address-fields.tsx";
import { TermsCheckbox } from "#app/components/promotion/terms-checkbox.tsx";
import type { FormResult } from "#app/lib/form-result.ts";
import { checkoutAction, checkoutDefaults } from "#app/lib/promotion.server.ts";
import { requireUser } from "#app/lib/session.server.ts";
import { privatePageMeta } from "#app/lib/private-page-meta.ts";
import type { Route } from "./+types/book-ad";

export const meta = privatePageMeta("Anzeige buchen");

/** SPEC §9's duration radio, word for word: "1 Woche – 75,00 €" … */
const durationOptions = AD_DURATIONS.map((duration) => ({
  value: String(duration.id),
  label: `${duration.label} – ${formatCents(duration.priceCents)}`,
}));

const placementOptions = AD_PLACEMENTS.map((placement) => ({
  value: placement.id,
  label: adPlacementLabel(placement),
}));

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const [checkout, settings] = await Promise.all([
    checkoutDefaults(context, user),
    getSiteSettings(context.deps),
  ]);
  return {
    csrfToken: context.session.csrfToken,
    checkout,
    today: cityDayOf(context.deps),
    needsApproval: settings.adsNeedApproval,
  };
}

export const action = (args: Route.ActionArgs) =>
  checkoutAction(args, (actor, values) => bookAd(args.context.deps, actor, values));

interface BookingValues {
  title: string;
  image: string;
  target_url: string;
  placement: string;
  start_date: string;
  duration: string;
  accept_terms: boolean;
  order_key: string;
  billing_name: string;
  billing_address: string;
}

export default function BookAd() {
  const { csrfToken, checkout, today, needsApproval } = useLoaderData<typeof loader>();
  const result = useActionData<FormResult>();
  const form = useValidatedForm<BookingValues>({
    schema: adBookingSchema,
    defaultValues: {
      title: "",
      image: "",
      target_url: "",
      placement: "listing",
      start_date: today,
      duration: "1",
      accept_terms: false,
      ...checkout,
    },
    result,
  });
  return (
    <section className="mx-auto flex w-full max-w-xl flex-col gap-6 py-6">
      <h1 className="text-3xl font-black tracking-tight">Anzeige buchen</h1>
      <p>
        Deine Anzeige erscheint zwischen den Partynächten der Startseite, im Wechsel mit anderen, so
        viele Wochen, wie Du buchst.
      </p>
      {needsApproval ? (
        <div className="flex flex-col gap-2 rounded-lg border border-accent px-4 py-3">
          <p>
            <strong>Erst zahlen, dann prüfen wir:</strong> Nach der Zahlung sehen wir uns Deine
            Anzeige an. Sie läuft ab dem Starttag, aber nie vor der Freigabe – geben wir sie später
            frei, beginnen Deine Wochen erst dann. Die Rechnung kommt mit der Freigabe.
          </p>
          <p>
            Lehnen wir sie ab, bekommst Du den vollen Betrag automatisch zurück, mit einer
            Stornorechnung.
          </p>
        </div>
      ) : (
        <p>
          Sie läuft ab dem Starttag, bei heute ab Deiner Zahlung, und immer so viele Wochen, wie Du
          gebucht hast.
        </p>
      )}
      <FormAlert kind="error">{result?.formError}</FormAlert>
      <form method="post" noValidate onSubmit={form.onSubmit} className="flex flex-col gap-5">
        <CsrfField token={csrfToken} />
        <input type="hidden" {...form.register("order_key")} />
        <AdCreativeFields form={form} csrfToken={csrfToken} />
        <RadioGroupField
          legend="Platzierung"
          options={placementOptions}
          {...form.field("placement")}
        />
        <TextField
          label="Starttag"
          type="date"
          min={today}
          required
          {...form.field("start_date")}
        />
        <RadioGroupField legend="Laufzeit" options={durationOptions} {...form.field("duration")} />
        <BillingAddressFields
          name={form.field("billing_name")}
          address={form.field("billing_address")}
        />
        <TermsCheckbox {...form.field("accept_terms")} />
        <SubmitButton>Jetzt bezahlen</SubmitButton>
      </form>
    </section>
  );
}
