import { Link, redirect } from "react-router";
import { formatDateTime } from "../../../common/dates.ts";
import { clubPath, eventPath, organizerPath } from "../../../common/urls.ts";
import { getPublicEvent } from "../../../server/domain/events/event-queries.server.ts";
import { orNotFound } from "../../lib/not-found.server.ts";
import { parseId } from "../../lib/route-params.ts";
import { pageTitle } from "../../lib/site-meta.ts";
import type { Route } from "./+types/party-page";

export async function loader({ params, context }: Route.LoaderArgs) {
  const event = await orNotFound(getPublicEvent(context.deps, parseId(params.id)));
  if (params.slug !== event.slug) throw redirect(eventPath(event), 301);
  return { event, timeZone: context.deps.config.city.timeZone };
}

export function meta({ data, matches }: Route.MetaArgs) {
  const site = matches[0]?.loaderData;
  return [{ title: pageTitle(data?.event.title ?? "Party", site) }];
}

export default function PartyPage({ loaderData: { event, timeZone } }: Route.ComponentProps) {
  return (
    <article className="flex max-w-3xl flex-col gap-4">
      {event.status === "cancelled" ? (
        <p className="font-bold uppercase text-accent">Abgesagt</p>
      ) : null}
      <h1 className="text-3xl font-black tracking-tight sm:text-4xl">{event.title}</h1>
      <p className="tabular text-lg">{formatDateTime(new Date(event.startsAt), timeZone)}</p>
      {event.location ? (
        <p>
          <Link to={clubPath(event.location)} className="font-semibold underline">
            {event.location.name}
          </Link>
          {`, ${event.location.address}, ${event.location.postcode} ${event.location.city}`}
        </p>
      ) : (
        <p>{[event.venueName, event.venueAddress].filter(Boolean).join(", ")}</p>
      )}
      {event.organizers.length > 0 ? (
        <p>
          Veranstaltet von{" "}
          {event.organizers.map((organizer, index) => (
            <span key={organizer.id}>
              {index > 0 ? ", " : ""}
              <Link to={organizerPath(organizer)} className="underline">
                {organizer.name}
              </Link>
            </span>
          ))}
        </p>
      ) : null}
      <p className="text-muted">{event.genres.map((genre) => genre.name).join(", ")}</p>
      {event.priceText ? <p>{event.priceText}</p> : null}
      <div className="whitespace-pre-line">{event.description}</div>
    </article>
  );
}
