import { Form, useActionData, useLoaderData } from "react-router";
import { formatDateTime } from "#common/dates.ts";
import { formatCents } from "#common/money.ts";
import {
  approveAd,
  listAdsAwaitingApproval,
  rejectAd,
} from "#server/domain/ads/ad-review.server.ts";
import { CsrfField } from "#app/components/forms/csrf-field.tsx";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import { inputClass } from "#app/components/forms/text-field.tsx";
import { formAction, refuseUnknownIntent } from "#app/lib/form-action.server.ts";
import type { FormResult } from "#app/lib/form-result.ts";
import { parsePostedId } from "#app/lib/route-params.ts";
import { actorOf, requireAdmin } from "#app/lib/session.server.ts";
import { privatePageMeta } from "#app/lib/private-page-meta.ts";
import type { Route } from "./+types/ad-review";
import { AdThumbnail } from "#app/components/ads/ad-thumbnail.tsx";

export const meta = privatePageMeta("Anzeigen freigeben");

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const ads = await listAdsAwaitingApproval(context.deps);
  return {
    csrfToken: context.session.csrfToken,
    ads: ads.map((ad) => ({
      id: ad.id,
      title: ad.title,
      image: ad.image,
      targetUrl: ad.targetUrl,
      ownerEmail: ad.ownerEmail,
      period:
        ad.startsAt && ad.endsAt
          ? `${formatDateTime(ad.startsAt)} bis ${formatDateTime(ad.endsAt)}`
          : null,
      amount: ad.amountCents === null ? null : formatCents(ad.amountCents),
    })),
  };
}

export const action = (args: Route.ActionArgs) => {
  const admin = actorOf(requireAdmin(args.request, args.context), args.context);
  return formAction(args, async ({ values, intent }) => {
    const adId = parsePostedId(values.ad);
    if (intent === "approve") {
      await approveAd(args.context.deps, admin, adId);
      return { success: "Die Anzeige ist freigegeben." };
    }
    if (intent === "reject") {
      await rejectAd(args.context.deps, admin, adId, { reason: values.reason });
      return { success: "Die Anzeige ist abgelehnt; der Betrag wird vollständig erstattet." };
    }
    return refuseUnknownIntent();
  });
};

/** The approval queue: paid ads, oldest first; approve, or reject with a reason (refund). */
export default function AdReview() {
  const { csrfToken, ads } = useLoaderData<typeof loader>();
  const result = useActionData<FormResult>();
  return (
    <section className="flex flex-col gap-6 py-6">
      <h1 className="text-3xl font-black tracking-tight">Anzeigen freigeben</h1>
      <FormAlert kind="success">{result?.success}</FormAlert>
      <FormAlert kind="error">
        {result?.formError ?? Object.values(result?.fieldErrors ?? {})[0]?.[0]}
      </FormAlert>
      {ads.length === 0 ? (
        <p className="text-muted">Keine Anzeige wartet auf Freigabe.</p>
      ) : (
        <ul className="flex flex-col gap-4">
          {ads.map((ad) => (
            <li
              key={ad.id}
              className="flex flex-col gap-3 rounded-xl border border-line bg-card p-4"
            >
              <div className="flex gap-4">
                <AdThumbnail src={ad.image} />
                <div className="flex min-w-0 flex-col gap-1">
                  <h2 className="text-lg font-bold">{ad.title}</h2>
                  <p className="text-sm [overflow-wrap:anywhere]">{ad.targetUrl}</p>
                  <p className="text-sm text-muted">
                    {ad.ownerEmail} · {ad.period} · {ad.amount}
                  </p>
                </div>
              </div>
              <Form method="post" className="flex flex-col gap-2">
                <CsrfField token={csrfToken} />
                <input type="hidden" name="ad" value={ad.id} />
                <button
                  name="intent"
                  value="approve"
                  aria-label={`Freigeben: ${ad.title}`}
                  className="inline-flex min-h-11 items-center self-start rounded-full bg-accent px-6 font-bold text-accent-ink"
                >
                  Freigeben
                </button>
                <label htmlFor={`reason-${ad.id}`} className="font-semibold">
                  Grund für eine Ablehnung
                </label>
                <input
                  id={`reason-${ad.id}`}
                  name="reason"
                  maxLength={500}
                  className={inputClass}
                />
                <button
                  name="intent"
                  value="reject"
                  aria-label={`Ablehnen und erstatten: ${ad.title}`}
                  className="inline-flex min-h-11 items-center self-start rounded-full border border-danger px-6 font-bold text-danger"
                >
                  Ablehnen und erstatten
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
