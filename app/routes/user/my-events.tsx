import { Link, useActionData, useLoaderData } from "react-router";
import { lastPageOf } from "#common/paging.ts";
import { editEventPath } from "#common/urls.ts";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import { OwnEventRow } from "#app/components/own-events/own-event-row.tsx";
import {
  loadOwnEvents,
  ownEventAction,
  type OwnEventResult,
} from "#app/lib/own-event-actions.server.ts";
import { privatePageMeta } from "#app/lib/private-page-meta.ts";
import type { Route } from "./+types/my-events";

export const meta = privatePageMeta("Meine Events");

export async function loader(args: Route.LoaderArgs) {
  return {
    ...(await loadOwnEvents(args, "upcoming")),
    saved: new URL(args.request.url).searchParams.has("gespeichert"),
  };
}

export const action = (args: Route.ActionArgs) => ownEventAction(args);

/** SPEC §3, §4: the own upcoming events, drafts included, page by page. */
export default function MyEvents() {
  const events = useLoaderData<typeof loader>();
  const { saved, timeZone, csrfToken } = events;
  const result = useActionData<OwnEventResult>();
  const lastPage = lastPageOf(events);
  return (
    <section className="flex flex-col gap-6 py-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-black tracking-tight">Meine Events</h1>
        <Link
          to="/events/erstellen"
          className="inline-flex min-h-11 items-center rounded-full bg-accent px-6 font-bold text-accent-ink"
        >
          Party eintragen
        </Link>
      </div>
      {saved && !result ? <FormAlert kind="success">Deine Party ist gespeichert.</FormAlert> : null}
      <FormAlert kind="success">
        {result?.success}
        {result?.copyId ? (
          <>
            {" "}
            <Link to={editEventPath(result.copyId)} className="underline">
              Kopie bearbeiten
            </Link>
          </>
        ) : null}
      </FormAlert>
      <FormAlert kind="error">{result?.formError}</FormAlert>
      {events.items.length === 0 ? (
        <p className="text-muted">
          Noch keine kommenden Partys.{" "}
          <Link to="/events/erstellen" className="underline">
            Trag Deine erste ein!
          </Link>
        </p>
      ) : (
        <ul className="flex flex-col gap-4">
          {events.items.map((event) => (
            <OwnEventRow
              key={event.id}
              event={event}
              timeZone={timeZone}
              csrfToken={csrfToken}
              upcoming
            />
          ))}
        </ul>
      )}
      {lastPage > 1 ? (
        <nav aria-label="Seiten" className="flex items-center gap-4">
          {events.page > 1 ? (
            <Link to={`?page=${events.page - 1}`} className="underline">
              Zurück
            </Link>
          ) : null}
          <span className="tabular">
            Seite {events.page} von {lastPage}
          </span>
          {events.page < lastPage ? (
            <Link to={`?page=${events.page + 1}`} className="underline">
              Weiter
            </Link>
          ) : null}
        </nav>
      ) : null}
      <Link to="/user/vergangene-events" className="font-semibold text-accent underline">
        Vergangene Events
      </Link>
    </section>
  );
}
