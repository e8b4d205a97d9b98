import { useCallback, useEffect, useReducer, useRef } from "react";
import { Link } from "react-router";
import { initialListPagingState, listPagingReducer } from "#common/list-paging-state.ts";
import { withoutDates } from "#app/lib/filter-query.ts";
import { firstWeekendNight } from "#common/night-headings.ts";
import type { NightJson } from "#server/api/night-json.ts";
import { toCardNight, type CardNight } from "#app/lib/event-card-data.ts";
import { NightSection } from "./night-section.tsx";

interface NightListingProps {
  nights: CardNight[];
  page: number;
  hasMore: boolean;
  tonight: string;
  timeZone: string;
  /** The listing's filters as a query string (no page), for GET /api/dates/ and the links. */
  filterQuery: string;
  /** The query the page's own `?page=` links keep (default: the filters). */
  pageLinkQuery?: string;
  /** Shown after the first night (an ad slot). */
  afterFirstNight?: React.ReactNode;
}

const withQuery = (query: string, extra: string) => (query ? `?${query}&${extra}` : `?${extra}`);

/**
 * Party nights with "Weitere Partys": the button (and scrolling near the end) loads the next
 * nights from GET /api/dates/; without JavaScript the same button is a plain `?page=` link.
 * The list follows SPEC §4's paging rules (common/list-paging-state.ts).
 */
export function NightListing(props: NightListingProps) {
  const { tonight, timeZone, filterQuery, afterFirstNight } = props;
  const pageLinkQuery = props.pageLinkQuery ?? filterQuery;
  const [state, dispatch] = useReducer(
    listPagingReducer<CardNight>,
    { page: props.page, items: props.nights, hasMore: props.hasMore },
    initialListPagingState<CardNight>,
  );
  const sentinel = useRef<HTMLDivElement>(null);
  const nextPage = state.page + 1;
  const weekendAnchor = firstWeekendNight(
    state.items.map((night) => night.date),
    tonight,
  );

  const loadMore = useCallback(async () => {
    if (state.loading || !state.hasMore) return;
    const page = state.page + 1;
    dispatch({ type: "request", page });
    try {
      const response = await fetch(
        `/api/dates/${withQuery(filterQuery, `page=${page}&_=${Date.now()}`)}`,
        { headers: { accept: "application/json" } },
      );
      if (!response.ok) throw new Error(`GET /api/dates/ answered ${response.status}`);
      const body = (await response.json()) as { next: string | null; results: NightJson[] };
      dispatch({
        type: "response",
        page,
        items: body.results.map(toCardNight),
        hasMore: body.next !== null,
      });
    } catch {
      dispatch({ type: "failure", page });
    }
  }, [filterQuery, state.hasMore, state.loading, state.page]);

  useEffect(() => {
    const target = sentinel.current;
    if (!target || !state.hasMore || state.failed) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void loadMore();
      },
      { rootMargin: "800px 0px" },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [loadMore, state.hasMore, state.failed]);

  return (
    <div className="flex flex-col gap-12">
      {state.items.map((night, index) => (
        <div key={night.date} className="flex flex-col gap-12">
          <NightSection
            night={night.date}
            tonight={tonight}
            count={night.count}
            events={night.results}
            timeZone={timeZone}
            isWeekendAnchor={night.date === weekendAnchor}
            allPartiesHref={`/${withQuery(
              withoutDates(filterQuery),
              `date_from=${night.date}&date_to=${night.date}`,
            )}`}
          />
          {index === 0 ? afterFirstNight : null}
        </div>
      ))}
      <div ref={sentinel} className="flex flex-col items-center gap-3" aria-live="polite">
        {state.failed ? (
          <p className="text-muted">Das hat nicht geklappt. Versuch es gleich noch einmal.</p>
        ) : null}
        {state.hasMore ? (
          <Link
            to={withQuery(pageLinkQuery, `page=${nextPage}`)}
            onClick={(event) => {
              event.preventDefault();
              void loadMore();
            }}
            aria-busy={state.loading}
            className="inline-flex min-h-11 items-center rounded-full bg-ink px-6 font-semibold text-paper"
          >
            {state.loading ? "Lädt …" : "Weitere Partys"}
          </Link>
        ) : state.items.length > 0 ? (
          <p className="text-muted">Das war’s fürs Erste – mehr ist noch nicht eingetragen.</p>
        ) : null}
      </div>
    </div>
  );
}
