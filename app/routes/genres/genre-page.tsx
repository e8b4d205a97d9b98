import { redirect } from "react-router";
import { genrePath } from "../../../common/urls.ts";
import { listEvents } from "../../../server/domain/events/event-queries.server.ts";
import { getGenre } from "../../../server/domain/genres/genres.server.ts";
import { EventList } from "../../components/event-list.tsx";
import { ScreenNotBuilt } from "../../components/screen-not-built.tsx";
import { orNotFound } from "../../lib/not-found.server.ts";
import { parseId } from "../../lib/route-params.ts";
import { pageTitle } from "../../lib/site-meta.ts";
import type { Route } from "./+types/genre-page";

export async function loader({ params, context }: Route.LoaderArgs) {
  if (params.id === undefined && params.slug === undefined) return { genre: null };
  const genre = await orNotFound(getGenre(context.deps, parseId(params.id)));
  if (params.slug !== genre.slug) throw redirect(genrePath(genre), 301);
  const upcoming = await listEvents(
    context.deps,
    { genreIds: [genre.id] },
    { page: 1, pageSize: 40 },
  );
  return { genre, events: upcoming.items, timeZone: context.deps.config.city.timeZone };
}

export function meta({ data, matches }: Route.MetaArgs) {
  const title = data?.genre ? `${data.genre.name}-Partys` : "Partys nach Genre";
  return [{ title: pageTitle(title, matches[0]?.loaderData) }];
}

export default function GenrePage({ loaderData }: Route.ComponentProps) {
  if (!loaderData.genre) return <ScreenNotBuilt title="Partys nach Genre" />;
  return (
    <article className="flex flex-col gap-4">
      <h1 className="text-3xl font-black tracking-tight sm:text-4xl">
        {loaderData.genre.name}-Partys
      </h1>
      <EventList events={loaderData.events} timeZone={loaderData.timeZone} />
    </article>
  );
}
