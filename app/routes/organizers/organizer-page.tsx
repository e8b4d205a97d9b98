import { redirect } from "react-router";
import { organizerPath } from "../../../common/urls.ts";
import { listEvents } from "../../../server/domain/events/event-queries.server.ts";
import { getOrganizer } from "../../../server/domain/organizers/organizers.server.ts";
import { EventList } from "../../components/event-list.tsx";
import { orNotFound } from "../../lib/not-found.server.ts";
import { parseId } from "../../lib/route-params.ts";
import { pageTitle } from "../../lib/site-meta.ts";
import type { Route } from "./+types/organizer-page";

export async function loader({ params, context }: Route.LoaderArgs) {
  const organizer = await orNotFound(getOrganizer(context.deps, parseId(params.id)));
  if (params.slug !== organizer.slug) throw redirect(organizerPath(organizer), 301);
  const upcoming = await listEvents(
    context.deps,
    { organizerId: organizer.id },
    { page: 1, pageSize: 40 },
  );
  return { organizer, events: upcoming.items, timeZone: context.deps.config.city.timeZone };
}

export function meta({ data, matches }: Route.MetaArgs) {
  return [{ title: pageTitle(data?.organizer.name ?? "Veranstalter", matches[0]?.loaderData) }];
}

export default function OrganizerPage({ loaderData }: Route.ComponentProps) {
  const { organizer, events, timeZone } = loaderData;
  return (
    <article className="flex flex-col gap-4">
      <h1 className="text-3xl font-black tracking-tight sm:text-4xl">{organizer.name}</h1>
      <p className="max-w-3xl text-muted">{organizer.description}</p>
      <h2 className="mt-4 text-xl font-bold">Kommende Partys</h2>
      <EventList events={events} timeZone={timeZone} />
    </article>
  );
}
