import { redirect } from "react-router";
import { eventPath } from "#common/urls.ts";
import { publicStatuses } from "#server/domain/event-query/event-query-kit.server.ts";
import { getPreviewEvent } from "#server/domain/events/public-events.server.ts";
import { orNotFound } from "#app/lib/not-found.server.ts";
import { seoMeta } from "#app/lib/seo-meta.ts";
import type { Route } from "./+types/party-preview";
import { partyPageData } from "./party-page-data.server.ts";
import { PartyView } from "./party-view.tsx";

/**
 * The team's secret preview of a party before it is public (decision 0236): anyone with the
 * link sees the party page, marked, never stored by a cache nor indexed; once the party is
 * public the link leads to its page.
 */
export function headers() {
  return { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const event = await orNotFound(getPreviewEvent(context.deps, params.token));
  if ((publicStatuses as readonly string[]).includes(event.status)) {
    throw redirect(eventPath(event), { headers: { "Cache-Control": "private, no-store" } });
  }
  return partyPageData(context, event, { preview: true });
}

export function meta({ data }: Route.MetaArgs) {
  if (!data) return [];
  return [
    ...seoMeta({ ...data.seo, title: `Vorschau: ${data.seo.title}`, type: "article" }),
    { name: "robots", content: "noindex, nofollow" },
  ];
}

export default function PartyPreview({ loaderData }: Route.ComponentProps) {
  return <PartyView loaderData={loaderData} />;
}
