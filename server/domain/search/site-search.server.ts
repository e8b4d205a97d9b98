import { and, desc, eq, gte, inArray, sql } from "drizzle-orm";
import { clubPath, eventPath, genrePath, organizerPath } from "#common/urls.ts";
import { genres, locations, organizers } from "#server/db/schema/catalog.ts";
import { pages } from "#server/db/schema/content.ts";
import { events } from "#server/db/schema/events.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import type { EventSummary } from "#server/domain/event-query/event-model.ts";
import { listEvents } from "#server/domain/events/public-events.server.ts";
import { publicStatuses, tonightStart } from "#server/domain/event-query/event-query-kit.server.ts";
import type { Page, PageRequest } from "#server/domain/paging.ts";
import {
  nameMatches,
  nameRank,
  searchableText,
} from "#server/domain/event-query/search-match.server.ts";

export type SearchHitKind = "party" | "club" | "organizer" | "genre" | "page";

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
  organizers: SearchHit[];
  genres: SearchHit[];
  pages: SearchHit[];
}

const AUTOCOMPLETE_LIMITS = { party: 5, club: 3, organizer: 3, genre: 3, page: 2 } as const;
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

async function matchingGenres(deps: DomainDeps, text: string, limit: number): Promise<SearchHit[]> {
  const rows = await deps.db
    .select({ id: genres.id, name: genres.name, slug: genres.slug })
    .from(genres)
    .where(nameMatches(genres.name, text))
    .orderBy(desc(nameRank(genres.name, text)), genres.name)
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
  const dayFormat = new Intl.DateTimeFormat("de-DE", {
    timeZone: deps.config.city.timeZone,
    weekday: "short",
    day: "2-digit",
    month: "2-digit",
  });
  return rows.map((row) => ({
    kind: "party",
    id: row.id,
    title: row.title,
    subtitle: [dayFormat.format(row.startsAt), row.locationName].filter(Boolean).join(" · "),
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
    matchingOrganizers(deps, searchable, AUTOCOMPLETE_LIMITS.organizer),
    matchingGenres(deps, searchable, AUTOCOMPLETE_LIMITS.genre),
    searchPages(deps, searchable, AUTOCOMPLETE_LIMITS.page),
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
    return { parties: empty, clubs: [], organizers: [], genres: [], pages: [] };
  }
  const [parties, clubs, organizerHits, genreHits, pageHits] = await Promise.all([
    listEvents(deps, { search: searchable }, pageRequest),
    matchingClubs(deps, searchable, RESULT_LIMIT_PER_KIND),
    matchingOrganizers(deps, searchable, RESULT_LIMIT_PER_KIND),
    matchingGenres(deps, searchable, RESULT_LIMIT_PER_KIND),
    searchPages(deps, searchable),
  ]);
  return { parties, clubs, organizers: organizerHits, genres: genreHits, pages: pageHits };
}
