import { getPage } from "#server/domain/pages/pages.server.ts";
import { BOOKING_TERMS_SLUG } from "#server/domain/payments/booking-terms.server.ts";
import { ContentPage } from "#app/components/layout/content-page.tsx";
import { pageTitle, siteImageMeta } from "#app/lib/site-meta.ts";
import type { Route } from "./+types/booking-terms";

export async function loader({ context }: Route.LoaderArgs) {
  return { page: await getPage(context.deps, BOOKING_TERMS_SLUG) };
}

export function meta({ matches }: Route.MetaArgs) {
  return [
    { title: pageTitle("AGB für Buchungen", matches[0]?.loaderData) },
    {
      name: "description",
      content: "Die Bedingungen für Top-Events und Anzeigen.",
    },
    ...siteImageMeta(matches[0]?.loaderData),
  ];
}

export default function BookingTerms({ loaderData: { page } }: Route.ComponentProps) {
  return <ContentPage title={page.title} html={page.html} updatedAt={page.updatedAt} />;
}
