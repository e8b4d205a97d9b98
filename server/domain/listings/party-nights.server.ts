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

/** A party that may be among a night's first cards, with what ranks it (`rankedCards`). */
interface CardCandidate {
  id: number;
  night: string;
  startsAt: Date;
  topUntil: Date | null;
}

/**
 * The parties that can be among the shown cards of `nights` at any instant from `since` on:
 * each night's first `cards` by start, and every party still top at `since`. A party that was
 * not top then is not top later either, so whatever the clock says the shown cards are among
 * these — which keeps them with the night counts until the content version changes, instead of
 * ranking every party of the nights on each request (decision 0207).
 */
async function cardCandidates(
  deps: DomainDeps,
  filters: EventFilters,
  nights: string[],
  cards: NightCards,
  now: Date,
): Promise<CardCandidate[]> {
  const key = `night-cards:${nights.join(",")}:${cards.firstNight}:${cards.laterNights}:${JSON.stringify(filters)}`;
  const kept = await cachedUntilContentChanges(deps, key, async () => ({
    since: now,
    candidates: await loadCardCandidates(deps, filters, nights, cards, now),
  }));
  // A clock set back (tests) may ask for an instant before the kept one: read afresh.
  return kept.since <= now
    ? kept.candidates
    : loadCardCandidates(deps, filters, nights, cards, now);
}

function loadCardCandidates(
  deps: DomainDeps,
  filters: EventFilters,
  nights: string[],
  cards: NightCards,
  since: Date,
): Promise<CardCandidate[]> {
  // The night of a start is its local wall-clock time less the night's start hour (decision 0003).
  const night = sql`((${events.startsAt} at time zone ${deps.config.city.timeZone}) - make_interval(hours => ${PARTY_NIGHT_START_HOUR}))::date`;
  const ranked = deps.db
    .select({
      id: events.id,
      night: sql<string>`${night}::text`.as("night"),
      startsAt: events.startsAt,
      topUntil: events.topUntil,
      rank: sql<number>`row_number() over (partition by ${night} order by ${events.startsAt}, ${events.id})`.as(
        "rank",
      ),
    })
    .from(events)
    .where(
      and(...filterConditions(deps, { ...filters, dateFrom: nights[0]!, dateTo: nights.at(-1)! })),
    )
    .as("ranked");
  return deps.db
    .select({
      id: ranked.id,
      night: ranked.night,
      startsAt: ranked.startsAt,
      topUntil: ranked.topUntil,
    })
    .from(ranked)
    .where(
      sql`${ranked.rank} <= case when ${ranked.night} = ${nights[0]!} then ${cards.firstNight}::int else ${cards.laterNights}::int end or ${ranked.topUntil} > ${since}`,
    );
}

/**
 * Each night's shown cards as of now: top events first, then by start (and id), at most
 * `cards` a night — the order `isTopNow` gives in SQL. With the "top" filter only parties
 * still top now remain.
 */
function rankedCards(
  candidates: CardCandidate[],
  nights: string[],
  cards: NightCards,
  { now, onlyTop }: { now: Date; onlyTop: boolean },
): number[] {
  const isTop = (candidate: CardCandidate) =>
    candidate.topUntil !== null && candidate.topUntil > now;
  return nights.flatMap((night, index) =>
    candidates
      .filter((candidate) => candidate.night === night && (!onlyTop || isTop(candidate)))
      .sort(
        (a, b) =>
          Number(isTop(b)) - Number(isTop(a)) ||
          a.startsAt.getTime() - b.startsAt.getTime() ||
          a.id - b.id,
      )
      .slice(0, index === 0 ? cards.firstNight : cards.laterNights)
      .map((candidate) => candidate.id),
  );
}

/**
 * The nights with at least one matching public party, from tonight (or `dateFrom`) on, paged by
 * nights: page 1 holds the first `pageSize` nights, and so on. Nights without parties are
 * skipped, so a page is never empty while later nights have parties. Counts, candidates and the
 * cards' contents are kept until the content version changes; only the ranking by top status
 * is made per request.
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

  const nightDates = nights.map((night) => night.night);
  const now = deps.now();
  const candidates = await cardCandidates(deps, filters, nightDates, cards, now);
  const shown = rankedCards(candidates, nightDates, cards, { now, onlyTop: !!filters.top });
  const topUntil = new Map(candidates.map((candidate) => [candidate.id, candidate.topUntil]));
  const summaries = await cachedUntilContentChanges(
    deps,
    `night-summaries:${shown.join(",")}`,
    () => summariesByIds(deps, shown),
  );
  return {
    ...page,
    items: nights.map((night) => ({
      night: night.night,
      count: night.count,
      // The kept summaries said "top" as of their reading; the candidates know until when.
      events: summaries
        .filter((event) => event.night === night.night)
        .map((event) => {
          const until = topUntil.get(event.id);
          const isTop = until !== undefined && until !== null && until > now;
          return isTop === event.isTop ? event : { ...event, isTop };
        }),
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
