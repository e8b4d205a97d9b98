import { redirect } from "react-router";
import { editEventPath, eventPath } from "#common/urls.ts";
import { getPublicEvent } from "#server/domain/events/public-events.server.ts";
import { orNotFound } from "#app/lib/not-found.server.ts";
import { publicPageHeaders } from "#app/lib/public-page-headers.ts";
import { parseId } from "#app/lib/route-params.ts";
import { seoMeta } from "#app/lib/seo-meta.ts";
import type { AdminEditHandle } from "#app/components/layout/admin-edit-link.ts";
import type { Route } from "./+types/party-page";
import { partyPageData } from "./party-page-data.server.ts";
import { partyReminderAction } from "./party-reminder-action.server.ts";
import { PartyView } from "./party-view.tsx";

export const headers = publicPageHeaders;

export const handle = {
  adminEdit: (data: { event: { id: number } }) => ({
    to: editEventPath(data.event.id),
    label: "Party bearbeiten",
  }),
} satisfies AdminEditHandle;

export async function loader({ params, context }: Route.LoaderArgs) {
  const event = await orNotFound(getPublicEvent(context.deps, parseId(params.id)));
  if (params.slug !== event.slug) throw redirect(eventPath(event), 301);
  return partyPageData(context, event);
}

/** "Erinnern" of a signed-in account for this party (the toggle's plain form post). */
export const action = (args: Route.ActionArgs) =>
  partyReminderAction(args, parseId(args.params.id));

export function meta({ data }: Route.MetaArgs) {
  if (!data) return [];
  return seoMeta({ ...data.seo, type: "article" });
}

export default function PartyPage({ loaderData }: Route.ComponentProps) {
  return <PartyView loaderData={loaderData} />;
}
