import { data, redirect } from "react-router";
import { editEventPath, eventPath } from "#common/urls.ts";
import { publicStatuses } from "#server/domain/event-query/event-query-kit.server.ts";
import { getPreviewEvent, getPublicEvent } from "#server/domain/events/public-events.server.ts";
import { orNotFound } from "#app/lib/not-found.server.ts";
import { publicPageHeaders } from "#app/lib/public-page-headers.ts";
import { parseId } from "#app/lib/route-params.ts";
import { seoMeta } from "#app/lib/seo-meta.ts";
import type { AdminEditHandle } from "#app/components/layout/admin-edit-link.ts";
import type { Route } from "./+types/party-page";
import { partyPageData } from "./party-page-data.server.ts";
import { partyReminderAction } from "./party-reminder-action.server.ts";
import { PartyView } from "./party-view.tsx";

/** Shared caches may keep the party page; never the preview, which says so itself. */
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders.has("Cache-Control") ? loaderHeaders : publicPageHeaders();
}

const privateAnswer = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };

export const handle = {
  adminEdit: (data: { event: { id: number } }) => ({
    to: editEventPath(data.event.id),
    label: "Party bearbeiten",
  }),
} satisfies AdminEditHandle;

/**
 * The party page, or at `/party/vorschau/<token>` the team's preview of a party not yet public
 * (decision 0236): anyone with the link sees it, marked, never stored by a cache nor indexed;
 * once the party is public the link leads to its page.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  if ("token" in params && params.token !== undefined) {
    const event = await orNotFound(getPreviewEvent(context.deps, params.token));
    if ((publicStatuses as readonly string[]).includes(event.status)) {
      throw redirect(eventPath(event), { headers: privateAnswer });
    }
    return data(await partyPageData(context, event, { preview: true }), {
      headers: privateAnswer,
    });
  }
  const event = await orNotFound(getPublicEvent(context.deps, parseId(params.id)));
  if (params.slug !== event.slug) throw redirect(eventPath(event), 301);
  return data(await partyPageData(context, event));
}

/** "Erinnern" of a signed-in account for this party (the toggle's plain form post). */
export const action = (args: Route.ActionArgs) =>
  partyReminderAction(args, parseId(args.params.id));

export function meta({ data: page }: Route.MetaArgs) {
  if (!page) return [];
  if (page.preview) {
    return [
      ...seoMeta({ ...page.seo, title: `Vorschau: ${page.seo.title}`, type: "article" }),
      { name: "robots", content: "noindex, nofollow" },
    ];
  }
  return seoMeta({ ...page.seo, type: "article" });
}

export default function PartyPage({ loaderData }: Route.ComponentProps) {
  return <PartyView loaderData={loaderData} />;
}
