import { redirect, useActionData, useLoaderData } from "react-router";
import { adCreativeSchema } from "#common/schemas/promotion.ts";
import { myAdsPath } from "#common/urls.ts";
import { getOwnAd, updateAdCreative } from "#server/domain/ads/own-ads.server.ts";
import { adStatusLabels } from "#common/promotion-labels.ts";
import { formatDateTime } from "#common/dates.ts";
import { formatCents } from "#common/money.ts";
import { CsrfField } from "#app/components/forms/csrf-field.tsx";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import { SubmitButton } from "#app/components/forms/submit-button.tsx";
import { useValidatedForm } from "#app/components/forms/use-validated-form.ts";
import { AdCreativeFields } from "#app/components/promotion/ad-creative-fields.tsx";
import { formAction } from "#app/lib/form-action.server.ts";
import type { FormResult } from "#app/lib/form-result.ts";
import { orNotFound } from "#app/lib/not-found.server.ts";
import { parseId } from "#app/lib/route-params.ts";
import { actorOf, requireUser } from "#app/lib/session.server.ts";
import { privatePageMeta } from "#app/lib/private-page-meta.ts";
import type { Route } from "./+types/edit-ad";

export const meta = privatePageMeta("Anzeige bearbeiten");

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const ad = await orNotFound(getOwnAd(context.deps, actorOf(user, context), parseId(params.id)));
  return {
    csrfToken: context.session.csrfToken,
    adId: ad.id,
    status: adStatusLabels[ad.status],
    period:
      ad.startsAt && ad.endsAt
        ? `${formatDateTime(ad.startsAt)} bis ${formatDateTime(ad.endsAt)}`
        : null,
    price: formatCents(ad.priceCents),
    initial: { title: ad.title, image: ad.imagePath ?? "", target_url: ad.targetUrl },
  };
}

export const action = (args: Route.ActionArgs) => {
  const user = requireUser(args.request, args.context);
  const adId = parseId(args.params.id);
  return formAction(args, async ({ values }) => {
    await orNotFound(
      updateAdCreative(args.context.deps, actorOf(user, args.context), adId, values),
    );
    throw redirect(`${myAdsPath}?gespeichert=1`);
  });
};

/** Title, image and target of an own ad; period and price stay as booked. */
export default function EditAd() {
  const { csrfToken, adId, status, period, price, initial } = useLoaderData<typeof loader>();
  const result = useActionData<FormResult>();
  const form = useValidatedForm<{ title: string; image: string; target_url: string }>({
    schema: adCreativeSchema,
    defaultValues: initial,
    result,
  });
  return (
    <section key={adId} className="mx-auto flex w-full max-w-xl flex-col gap-6 py-6">
      <h1 className="text-3xl font-black tracking-tight">Anzeige bearbeiten</h1>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-lg border border-line bg-card px-4 py-3">
        <dt className="font-semibold">Status</dt>
        <dd>{status}</dd>
        <dt className="font-semibold">Zeitraum</dt>
        <dd className="tabular">{period}</dd>
        <dt className="font-semibold">Preis</dt>
        <dd>{price}</dd>
      </dl>
      <p className="text-sm text-muted">
        Zeitraum und Preis stehen fest. Änderungen an einer freigegebenen Anzeige prüfen wir noch
        einmal, bevor sie wieder erscheint.
      </p>
      <FormAlert kind="error">{result?.formError}</FormAlert>
      <form method="post" noValidate onSubmit={form.onSubmit} className="flex flex-col gap-5">
        <CsrfField token={csrfToken} />
        <AdCreativeFields form={form} csrfToken={csrfToken} />
        <SubmitButton>Änderungen speichern</SubmitButton>
      </form>
    </section>
  );
}
