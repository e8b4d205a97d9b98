import { redirect } from "react-router";
import { clubPath } from "../../../common/urls.ts";
import { getClub } from "../../../server/domain/clubs/clubs.server.ts";
import { listEvents } from "../../../server/domain/events/event-queries.server.ts";
import { EventList } from "../../components/event-list.tsx";
import { orNotFound } from "../../lib/not-found.server.ts";
import { parseId } from "../../lib/route-params.ts";
import { pageTitle } from "../../lib/site-meta.ts";
import type { Route } from "./+types/club-page";

export async function loader({ params, context }: Route.LoaderArgs) {
  const club = await orNotFound(getClub(context.deps, parseId(params.id)));
  if (params.slug !== club.slug) throw redirect(clubPath(club), 301);
  const upcoming = await listEvents(
    context.deps,
    { locationId: club.id },
    { page: 1, pageSize: 40 },
  );
  return { club, events: upcoming.items, timeZone: context.deps.config.city.timeZone };
}

export function meta({ data, matches }: Route.MetaArgs) {
  return [{ title: pageTitle(data?.club.name ?? "Club", matches[0]?.loaderData) }];
}

export default function ClubPage({ loaderData: { club, events, timeZone } }: Route.ComponentProps) {
  return (
    <article className="flex flex-col gap-4">
      <h1 className="text-3xl font-black tracking-tight sm:text-4xl">{club.name}</h1>
      <p>{`${club.address}, ${club.postcode} ${club.city}`}</p>
      <p className="max-w-3xl text-muted">{club.description}</p>
      <h2 className="mt-4 text-xl font-bold">Kommende Partys</h2>
      <EventList events={events} timeZone={timeZone} />
    </article>
  );
}
