import { useEffect, useReducer } from "react";
import { Link, useActionData, useFetcher, useLoaderData } from "react-router";
import { DEFAULT_PAGE_SIZE } from "#common/constants.ts";
import {
  initialListPagingState,
  listPagingReducer,
  type ListPagingAction,
  type ListPagingState,
} from "#common/list-paging-state.ts";
import { hasMorePages } from "#common/paging.ts";
import { listOwnEvents } from "#server/domain/events/own-events.server.ts";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import { OwnEventRow } from "#app/components/own-events/own-event-row.tsx";
import { ownEventAction, type OwnEventResult } from "#app/lib/own-event-actions.server.ts";
import { pageNumber } from "#app/lib/page-number.ts";
import { requireUser } from "#app/lib/session.server.ts";
import { pageTitle } from "#app/lib/site-meta.ts";
import type { Route } from "./+types/my-past-events";

export function meta({ matches }: Route.MetaArgs) {
  return [
    { title: pageTitle("Vergangene Events", matches[0]?.loaderData) },
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const page = pageNumber(new URL(request.url));
  const events = await listOwnEvents(context.deps, user.id, "past", {
    page,
    pageSize: DEFAULT_PAGE_SIZE,
  });
  return {
    page,
    items: events.items,
    hasMore: hasMorePages(events),
    timeZone: context.deps.config.city.timeZone,
    csrfToken: context.session.csrfToken,
  };
}

export const action = ({ request, context }: Route.ActionArgs) => ownEventAction(request, context);

type PastEvent = Awaited<ReturnType<typeof loader>>["items"][number];

/** SPEC §3, §4: the own past events, newest first, appended page by page. */
export default function MyPastEvents() {
  const first = useLoaderData<typeof loader>();
  const result = useActionData<OwnEventResult>();
  const fetcher = useFetcher<typeof loader>();
  const [list, dispatch] = useReducer(
    listPagingReducer as (
      state: ListPagingState<PastEvent>,
      action: ListPagingAction<PastEvent>,
    ) => ListPagingState<PastEvent>,
    first,
    (loaded) =>
      initialListPagingState<PastEvent>({
        page: loaded.page,
        items: loaded.items,
        hasMore: loaded.hasMore,
      }),
  );

  // After a row action the loader runs again: start over from its first page.
  useEffect(() => {
    dispatch({ type: "request", page: first.page, reset: true });
    dispatch({ type: "response", page: first.page, items: first.items, hasMore: first.hasMore });
  }, [first]);

  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data) {
      dispatch({
        type: "response",
        page: fetcher.data.page,
        items: fetcher.data.items,
        hasMore: fetcher.data.hasMore,
      });
    }
  }, [fetcher.state, fetcher.data]);

  const loadMore = () => {
    const page = list.page + 1;
    dispatch({ type: "request", page });
    void fetcher.load(`/user/vergangene-events?page=${page}`);
  };

  return (
    <section className="flex flex-col gap-6 py-6">
      <h1 className="text-3xl font-black tracking-tight">Vergangene Events</h1>
      <FormAlert kind="success">{result?.success}</FormAlert>
      <FormAlert kind="error">{result?.formError}</FormAlert>
      {list.items.length === 0 ? (
        <p className="text-muted">Hier erscheinen Deine Partys, sobald sie gelaufen sind.</p>
      ) : (
        <ul className="flex flex-col gap-4" aria-busy={list.loading || undefined}>
          {list.items.map((event) => (
            <OwnEventRow
              key={event.id}
              event={event}
              timeZone={first.timeZone}
              csrfToken={first.csrfToken}
            />
          ))}
        </ul>
      )}
      {list.hasMore ? (
        <button
          type="button"
          onClick={loadMore}
          disabled={list.loading}
          className="min-h-11 self-start rounded-full border border-line px-6 font-semibold"
        >
          {list.loading ? "Lädt …" : "Mehr laden"}
        </button>
      ) : null}
      <Link to="/user/events" className="font-semibold text-accent underline">
        Kommende Events
      </Link>
    </section>
  );
}
