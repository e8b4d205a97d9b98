import { and, desc, eq, gte, inArray, isNotNull, or, sql } from "drizzle-orm";
import { formatNight, partyNightOf } from "#common/dates.ts";
import { clubPath, eventPath, genrePath, organizerPath, searchPath } from "#common/urls.ts";
import { genreCategories, genres, locations, organizers } from "#server/db/schema/catalog.ts";
import { pages } from "#server/db/schema/content.ts";
import { events } from "#server/db/schema/events.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import type { EventSummary } from "#server/domain/event-query/event-model.ts";
import { isFamilyGenreOf } from "#server/domain/event-query/genre-families.server.ts";
import { listEvents } from "#server/domain/events/public-events.server.ts";
import { publicStatuses, tonightStart } from "#server/domain/event-query/event-query-kit.server.ts";
import type { Page, PageRequest } from "#server/domain/paging.ts";
import { matchingArtists } from "./artist-hits.server.ts";
import {
  nameMatches,
  nameRank,
  searchableText,
} from "#server/domain/event-query/search-match.server.ts";

export type SearchHitKind = "party" | "club" | "venue" | "organizer" | "genre" | "page" | "artist";

/** One suggestion or result that is not a party listing: what it is, its name and address. */
export interface SearchHit {
  kind: SearchHitKind;
  id: number;
  title: string;
  /** A second line: the party's night and club, the club's street, … */
  subtitle: string | null;
  path: string;
}

export interface SearchResults {
  parties: Page<EventSummary>;
  clubs: SearchHit[];
  /** Venues without a club page (free venues of upcoming parties), found by name. */
  venues: SearchHit[];
  organizers: SearchHit[];
  genres: SearchHit[];
  pages: SearchHit[];
  artists: SearchHit[];
}

const AUTOCOMPLETE_LIMITS = {
  party: 5,
  club: 3,
  venue: 2,
  organizer: 3,
  genre: 3,
  page: 2,
  artist: 3,
} as const;
const RESULT_LIMIT_PER_KIND = 20;

async function matchingClubs(deps: DomainDeps, text: string, limit: number): Promise<SearchHit[]> {
  const rows = await deps.db
    .select({
      id: locations.id,
      name: locations.name,
      slug: locations.slug,
      address: locations.address,
    })
    .from(locations)
    .where(nameMatches(locations.name, text))
    .orderBy(desc(nameRank(locations.name, text)), locations.name)
    .limit(limit);
  return rows.map((row) => ({
    kind: "club",
    id: row.id,
    title: row.name,
    subtitle: row.address || null,
    path: clubPath(row),
  }));
}

/**
 * Venues without a club page that upcoming parties name; each links to the search for its name
 * (it has no page of its own). The id is the first such party's, to key the hit.
 */
async function matchingFreeVenues(
  deps: DomainDeps,
  text: string,
  limit: number,
): Promise<SearchHit[]> {
  const rows = await deps.db
    .select({
      id: sql<number>`min(${events.id})`.mapWith(Number),
      name: events.venueName,
      address: sql<string | null>`min(${events.venueAddress})`,
    })
    .from(events)
    .where(
      and(
        inArray(events.status, [...publicStatuses]),
        gte(events.startsAt, tonightStart(deps)),
        eq(events.isOnline, false),
        nameMatches(events.venueName, text),
      ),
    )
    .groupBy(events.venueName)
    .orderBy(desc(nameRank(events.venueName, text)), events.venueName)
    .limit(limit);
  return rows.map((row) => ({
    kind: "venue",
    id: row.id,
    title: row.name ?? "",
    subtitle: row.address,
    path: `${searchPath}?${new URLSearchParams({ q: row.name ?? "" }).toString()}`,
  }));
}

async function matchingOrganizers(
  deps: DomainDeps,
  text: string,
  limit: number,
): Promise<SearchHit[]> {
  const rows = await deps.db
    .select({ id: organizers.id, name: organizers.name, slug: organizers.slug })
    .from(organizers)
    .where(nameMatches(organizers.name, text))
    .orderBy(desc(nameRank(organizers.name, text)), organizers.name)
    .limit(limit);
  return rows.map((row) => ({
    kind: "organizer",
    id: row.id,
    title: row.name,
    subtitle: "Veranstalter",
    path: organizerPath(row),
  }));
}

/**
 * Genres by name, and the family genre of a family whose name matches ("dnb" → Drum and Bass);
 * on equal match a family genre comes first, as it finds its whole family (decision 0126).
 */
async function matchingGenres(deps: DomainDeps, text: string, limit: number): Promise<SearchHit[]> {
  const rank = sql<number>`greatest(${nameRank(genres.name, text)},
    case when ${genreCategories.id} is null then 0 else ${nameRank(genreCategories.name, text)} end)`;
  const rows = await deps.db
    .select({ id: genres.id, name: genres.name, slug: genres.slug })
    .from(genres)
    .leftJoin(genreCategories, isFamilyGenreOf())
    .where(
      or(
        nameMatches(genres.name, text),
        and(isNotNull(genreCategories.id), nameMatches(genreCategories.name, text)),
      ),
    )
    .orderBy(desc(rank), sql`${genreCategories.id} is null`, genres.name)
    .limit(limit);
  return rows.map((row) => ({
    kind: "genre",
    id: row.id,
    title: row.name,
    subtitle: "Genre",
    path: genrePath(row),
  }));
}

/** Editable pages (FAQ, Impressum, …) whose title or text matches. */
export async function searchPages(
  deps: DomainDeps,
  text: string,
  limit = RESULT_LIMIT_PER_KIND,
): Promise<SearchHit[]> {
  const searchable = searchableText(text);
  if (searchable === null) return [];
  const rows = await deps.db
    .select({ id: pages.id, title: pages.title, slug: pages.slug })
    .from(pages)
    .where(
      sql`(${nameMatches(pages.title, searchable)} or to_tsvector('german', ${pages.title} || ' ' || ${pages.body}) @@ websearch_to_tsquery('german', ${searchable}))`,
    )
    .orderBy(desc(nameRank(pages.title, searchable)), pages.title)
    .limit(limit);
  return rows.map((row) => ({
    kind: "page",
    id: row.id,
    title: row.title,
    subtitle: null,
    path: `/${row.slug}`,
  }));
}

/** Upcoming parties whose title matches, best match first (for suggestions). */
async function matchingPartyTitles(
  deps: DomainDeps,
  text: string,
  limit: number,
): Promise<SearchHit[]> {
  const rows = await deps.db
    .select({
      id: events.id,
      title: events.title,
      slug: events.slug,
      startsAt: events.startsAt,
      locationName: locations.name,
      venueName: events.venueName,
    })
    .from(events)
    .leftJoin(locations, eq(locations.id, events.locationId))
    .where(
      and(
        inArray(events.status, [...publicStatuses]),
        gte(events.startsAt, tonightStart(deps)),
        nameMatches(events.title, text),
      ),
    )
    .orderBy(desc(nameRank(events.title, text)), events.startsAt)
    .limit(limit);
  // Dated by its party night, as every listing: a party starting Monday 00:30 is Sunday's.
  const nightOf = (startsAt: Date) =>
    formatNight(partyNightOf(startsAt, deps.config.city.timeZone));
  return rows.map((row) => ({
    kind: "party",
    id: row.id,
    title: row.title,
    subtitle: [nightOf(row.startsAt), row.locationName ?? row.venueName]
      .filter(Boolean)
      .join(" · "),
    path: eventPath(row),
  }));
}

/**
 * Suggestions while typing: a few upcoming parties (by title), clubs, organisers, genres and
 * pages. Under two characters there are none.
 */
export async function autocomplete(deps: DomainDeps, text: string): Promise<SearchHit[]> {
  const searchable = searchableText(text);
  if (searchable === null) return [];
  const groups = await Promise.all([
    matchingPartyTitles(deps, searchable, AUTOCOMPLETE_LIMITS.party),
    matchingClubs(deps, searchable, AUTOCOMPLETE_LIMITS.club),
    matchingFreeVenues(deps, searchable, AUTOCOMPLETE_LIMITS.venue),
    matchingOrganizers(deps, searchable, AUTOCOMPLETE_LIMITS.organizer),
    matchingGenres(deps, searchable, AUTOCOMPLETE_LIMITS.genre),
    searchPages(deps, searchable, AUTOCOMPLETE_LIMITS.page),
    matchingArtists(deps, searchable, AUTOCOMPLETE_LIMITS.artist),
  ]);
  return groups.flat();
}

/** The results page: upcoming parties (paged, in start order) and the other kinds that match. */
export async function search(
  deps: DomainDeps,
  text: string,
  pageRequest: PageRequest,
): Promise<SearchResults> {
  const searchable = searchableText(text);
  if (searchable === null) {
    const empty = { count: 0, page: pageRequest.page, pageSize: pageRequest.pageSize, items: [] };
    return {
      parties: empty,
      clubs: [],
      venues: [],
      organizers: [],
      genres: [],
      pages: [],
      artists: [],
    };
  }
  const [parties, clubs, venues, organizerHits, genreHits, pageHits, artistHits] =
    await Promise.all([
      listEvents(deps, { search: searchable }, pageRequest),
      matchingClubs(deps, searchable, RESULT_LIMIT_PER_KIND),
      matchingFreeVenues(deps, searchable, RESULT_LIMIT_PER_KIND),
      matchingOrganizers(deps, searchable, RESULT_LIMIT_PER_KIND),
      matchingGenres(deps, searchable, RESULT_LIMIT_PER_KIND),
      searchPages(deps, searchable),
      matchingArtists(deps, searchable, RESULT_LIMIT_PER_KIND),
    ]);
  return {
    parties,
    clubs,
    venues,
    organizers: organizerHits,
    genres: genreHits,
    pages: pageHits,
    artists: artistHits,
  };
}
