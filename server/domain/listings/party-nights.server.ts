import { and, asc, desc, gte, ne, sql } from "drizzle-orm";
import {
  EVENTS_PER_LATER_NIGHT,
  EVENTS_PER_NIGHT,
  PARTY_NIGHT_START_HOUR,
} from "#common/constants.ts";
import { addDays, partyNightOf } from "#common/dates.ts";
import { events } from "#server/db/schema/events.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import type { EventSummary } from "#server/domain/event-query/event-model.ts";
import {
  filterConditions,
  isTopNow,
  summariesByIds,
  type EventFilters,
} from "#server/domain/event-query/event-query-kit.server.ts";
import { offsetOf, type Page, type PageRequest } from "#server/domain/paging.ts";
import { cachedUntilContentChanges } from "#server/domain/content-version/content-version.server.ts";

/** One party night of a listing: its first parties (top events first) and how many it has. */
export interface PartyNight {
  /** "YYYY-MM-DD", the calendar day the night starts on (decision 0003). */
  night: string;
  /** All matching parties that night. */
  count: number;
  /** The first of them (`NightCards`): top events first, then by start. */
  events: EventSummary[];
}

/**
 * Matching parties per party night, from the first night of the filters on, in night order.
 * Counted per hour of start in SQL (cheap, served by the start-time index) and folded into
 * nights here by `partyNightOf` — exact wherever the zone's offsets are whole hours, as in
 * Europe. Kept until the content version changes (and per tonight).
 */
async function nightCounts(
  deps: DomainDeps,
  filters: EventFilters,
): Promise<{ night: string; count: number }[]> {
  const timeZone = deps.config.city.timeZone;
  const key = `night-counts:${partyNightOf(deps.now(), timeZone)}:${JSON.stringify(filters)}`;
  return cachedUntilContentChanges(deps, key, async () => {
    const hour = sql<Date>`date_trunc('hour', ${events.startsAt})`;
    const rows = await deps.db
      .select({ hour, count: sql<number>`count(*)::int` })
      .from(events)
      .where(and(...filterConditions(deps, filters)))
      .groupBy(sql`1`)
      .orderBy(sql`1`);
    const counts = new Map<string, number>();
    for (const row of rows) {
      const night = partyNightOf(new Date(row.hour), timeZone);
      counts.set(night, (counts.get(night) ?? 0) + row.count);
    }
    return [...counts].map(([night, count]) => ({ night, count }));
  });
}

/** How many parties a page shows of its first night and of each further night. */
export interface NightCards {
  firstNight: number;
  laterNights: number;
}

/** The listings' rule (home, genre, club and organiser pages, GET /api/dates/; decision 0102). */
const listingNightCards: NightCards = {
  firstNight: EVENTS_PER_NIGHT,
  laterNights: EVENTS_PER_LATER_NIGHT,
};

/**
 * The nights with at least one matching public party, from tonight (or `dateFrom`) on, paged by
 * nights: page 1 holds the first `pageSize` nights, and so on. Nights without parties are
 * skipped, so a page is never empty while later nights have parties.
 */
export async function listPartyNights(
  deps: DomainDeps,
  filters: EventFilters,
  pageRequest: PageRequest,
  cards: NightCards = listingNightCards,
): Promise<Page<PartyNight>> {
  const allNights = await nightCounts(deps, filters);
  const start = offsetOf(pageRequest);
  const nights = allNights.slice(start, start + pageRequest.pageSize);
  const page = { count: allNights.length, page: pageRequest.page, pageSize: pageRequest.pageSize };
  if (nights.length === 0) return { ...page, items: [] };

  // Top events first within each night, then by start; at most `cards` a night. The
  // night of a start is its local wall-clock time less the night's start hour (decision 0003).
  const night = sql`((${events.startsAt} at time zone ${deps.config.city.timeZone}) - make_interval(hours => ${PARTY_NIGHT_START_HOUR}))::date`;
  const ranked = deps.db
    .select({
      id: events.id,
      night: sql<string>`${night}`.as("night"),
      rank: sql<number>`row_number() over (partition by ${night} order by ${isTopNow(deps)} desc, ${events.startsAt}, ${events.id})`.as(
        "rank",
      ),
    })
    .from(events)
    .where(
      and(
        ...filterConditions(deps, {
          ...filters,
          dateFrom: nights[0]!.night,
          dateTo: nights.at(-1)!.night,
        }),
      ),
    )
    .as("ranked");
  const shown = await deps.db
    .select({ id: ranked.id })
    .from(ranked)
    .where(
      sql`${ranked.rank} <= case when ${ranked.night} = ${nights[0]!.night}::date then ${cards.firstNight}::int else ${cards.laterNights}::int end`,
    )
    .orderBy(asc(ranked.night), asc(ranked.rank));
  const summaries = await summariesByIds(
    deps,
    shown.map((row) => row.id),
  );
  return {
    ...page,
    items: nights.map((night) => ({
      night: night.night,
      count: night.count,
      events: summaries.filter((event) => event.night === night.night),
    })),
  };
}

/**
 * The first night after `after` ("YYYY-MM-DD") with a matching public party, or null: what an
 * empty listing offers instead (decision 0120).
 */
export async function nextNightWithParties(
  deps: DomainDeps,
  filters: EventFilters,
  after: string,
): Promise<string | null> {
  const nights = await nightCounts(deps, {
    ...filters,
    dateFrom: addDays(after, 1),
    dateTo: undefined,
  });
  return nights[0]?.night ?? null;
}

/** Parties of one night for "more parties that night" on a party page, top events first. */
export async function otherPartiesThatNight(
  deps: DomainDeps,
  event: Pick<EventSummary, "id" | "night">,
  limit = 8,
): Promise<EventSummary[]> {
  const rows = await deps.db
    .select({ id: events.id })
    .from(events)
    .where(
      and(
        ...filterConditions(deps, { dateFrom: event.night, dateTo: event.night }),
        sql`${events.id} <> ${event.id}`,
      ),
    )
    .orderBy(desc(isTopNow(deps)), asc(events.startsAt), asc(events.id))
    .limit(limit);
  return summariesByIds(
    deps,
    rows.map((row) => row.id),
  );
}

/**
 * The top events of the nights `dateFrom`–`dateTo` whose paid period covers their night (still
 * top when the party starts), not cancelled, by start: the newsletter's "Top-Events" block.
 */
export async function topEventsOfNights(
  deps: DomainDeps,
  dateFrom: string,
  dateTo: string,
): Promise<EventSummary[]> {
  const rows = await deps.db
    .select({ id: events.id })
    .from(events)
    .where(
      and(
        ...filterConditions(deps, { dateFrom, dateTo, top: true }),
        gte(events.topUntil, events.startsAt),
        ne(events.status, "cancelled"),
      ),
    )
    .orderBy(asc(events.startsAt), asc(events.id));
  return summariesByIds(
    deps,
    rows.map((row) => row.id),
  );
}
