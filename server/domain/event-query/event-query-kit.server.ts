import { and, asc, eq, exists, gt, gte, inArray, lt, sql, type SQL } from "drizzle-orm";
import { partyNightBounds, partyNightOf } from "#common/dates.ts";
import { genres, locations, organizers } from "#server/db/schema/catalog.ts";
import { eventGenres, eventOrganizers, events } from "#server/db/schema/events.ts";
import { lineupEntries } from "#server/db/schema/lineups.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { doorFilterConditions, type DoorFilters } from "./door-facts.server.ts";
import type { EventRef, EventSummary } from "./event-model.ts";
import { eventSearchCondition } from "./event-search.server.ts";
import { withGenreFamilies } from "./genre-families.server.ts";
import { searchableText } from "./search-match.server.ts";

/*
 * The event query kit: the columns, conditions and mapping every public event list is built
 * from (the public reads in events/, party nights in listings/, search, feeds, catalogue pages).
 */

/** Statuses the public sees: cancelled parties stay listed, marked "Abgesagt". */
export const publicStatuses = ["published", "cancelled"] as const;

export interface EventFilters extends DoorFilters {
  /** First party night to include ("YYYY-MM-DD"); defaults to tonight. */
  dateFrom?: string;
  /** Last party night to include. */
  dateTo?: string;
  genreIds?: number[];
  locationId?: number;
  organizerId?: number;
  /** Parties with this artist in the line-up. */
  artistId?: number;
  top?: boolean;
  /** Free text (title, description, club, organisers, genres); under two characters is ignored. */
  search?: string;
}

export const summaryColumns = {
  id: events.id,
  title: events.title,
  slug: events.slug,
  startsAt: events.startsAt,
  endsAt: events.endsAt,
  status: events.status,
  topUntil: events.topUntil,
  isOnline: events.isOnline,
  venueName: events.venueName,
  venueAddress: events.venueAddress,
  flyerPath: events.flyerPath,
  priceText: events.priceText,
  priceMinCents: events.priceMinCents,
  priceMaxCents: events.priceMaxCents,
  ageLimit: events.ageLimit,
  locationId: locations.id,
  locationName: locations.name,
  locationPlacePhrase: locations.placePhrase,
  locationSlug: locations.slug,
  locationAddress: locations.address,
  locationPostcode: locations.postcode,
  locationCity: locations.city,
  locationLat: locations.lat,
  locationLng: locations.lng,
};

export type SummaryRow = {
  [K in keyof typeof summaryColumns]: (typeof summaryColumns)[K]["_"]["data"] | null;
};

/** When tonight's party night began: everything from here on is "upcoming". */
export function tonightStart(deps: DomainDeps): Date {
  const timeZone = deps.config.city.timeZone;
  return partyNightBounds(partyNightOf(deps.now(), timeZone), timeZone).start;
}

/** True while an event is promoted (SQL, for ordering top events first). */
export function isTopNow(deps: DomainDeps): SQL<boolean> {
  return sql<boolean>`coalesce(${events.topUntil} > ${deps.now()}, false)`;
}

/** The WHERE conditions of a public listing: visible statuses, the nights asked for, filters. */
export function filterConditions(deps: DomainDeps, filters: EventFilters): SQL[] {
  const timeZone = deps.config.city.timeZone;
  const conditions: SQL[] = [inArray(events.status, [...publicStatuses])];
  const fromNight = filters.dateFrom ?? partyNightOf(deps.now(), timeZone);
  conditions.push(gte(events.startsAt, partyNightBounds(fromNight, timeZone).start));
  if (filters.dateTo) {
    conditions.push(lt(events.startsAt, partyNightBounds(filters.dateTo, timeZone).end));
  }
  conditions.push(...refinements(deps, filters));
  return conditions;
}

/** Club, organiser, genre, top, door and text filters (everything but the date range). */
export function refinements(deps: DomainDeps, filters: EventFilters): SQL[] {
  const conditions: SQL[] = doorFilterConditions(filters);
  const search = searchableText(filters.search);
  if (search !== null) conditions.push(eventSearchCondition(deps, search));
  if (filters.locationId !== undefined) conditions.push(eq(events.locationId, filters.locationId));
  if (filters.top) conditions.push(gt(events.topUntil, deps.now()));
  if (filters.genreIds?.length) {
    conditions.push(
      exists(
        deps.db
          .select({ one: sql`1` })
          .from(eventGenres)
          .where(
            and(
              eq(eventGenres.eventId, events.id),
              inArray(eventGenres.genreId, withGenreFamilies(deps, filters.genreIds)),
            ),
          ),
      ),
    );
  }
  if (filters.organizerId !== undefined) {
    conditions.push(
      exists(
        deps.db
          .select({ one: sql`1` })
          .from(eventOrganizers)
          .where(
            and(
              eq(eventOrganizers.eventId, events.id),
              eq(eventOrganizers.organizerId, filters.organizerId),
            ),
          ),
      ),
    );
  }
  if (filters.artistId !== undefined) {
    conditions.push(
      exists(
        deps.db
          .select({ one: sql`1` })
          .from(lineupEntries)
          .where(
            and(eq(lineupEntries.eventId, events.id), eq(lineupEntries.artistId, filters.artistId)),
          ),
      ),
    );
  }
  return conditions;
}

export async function loadRefs(
  deps: DomainDeps,
  eventIds: number[],
): Promise<{ genresByEvent: Map<number, EventRef[]>; organizersByEvent: Map<number, EventRef[]> }> {
  const genresByEvent = new Map<number, EventRef[]>();
  const organizersByEvent = new Map<number, EventRef[]>();
  if (eventIds.length === 0) return { genresByEvent, organizersByEvent };
  const [genreRows, organizerRows] = await Promise.all([
    deps.db
      .select({ eventId: eventGenres.eventId, id: genres.id, name: genres.name, slug: genres.slug })
      .from(eventGenres)
      .innerJoin(genres, eq(eventGenres.genreId, genres.id))
      .where(inArray(eventGenres.eventId, eventIds))
      .orderBy(asc(genres.position), asc(genres.name)),
    deps.db
      .select({
        eventId: eventOrganizers.eventId,
        id: organizers.id,
        name: organizers.name,
        slug: organizers.slug,
      })
      .from(eventOrganizers)
      .innerJoin(organizers, eq(eventOrganizers.organizerId, organizers.id))
      .where(inArray(eventOrganizers.eventId, eventIds))
      .orderBy(asc(eventOrganizers.position)),
  ]);
  for (const { eventId, ...ref } of genreRows) {
    genresByEvent.set(eventId, [...(genresByEvent.get(eventId) ?? []), ref]);
  }
  for (const { eventId, ...ref } of organizerRows) {
    organizersByEvent.set(eventId, [...(organizersByEvent.get(eventId) ?? []), ref]);
  }
  return { genresByEvent, organizersByEvent };
}

export function toSummary(
  deps: DomainDeps,
  row: SummaryRow,
  refs: Awaited<ReturnType<typeof loadRefs>>,
): EventSummary {
  const startsAt = row.startsAt!;
  return {
    id: row.id!,
    title: row.title!,
    slug: row.slug!,
    startsAt,
    endsAt: row.endsAt,
    night: partyNightOf(startsAt, deps.config.city.timeZone),
    status: row.status!,
    isTop: row.topUntil !== null && row.topUntil > deps.now(),
    isOnline: row.isOnline!,
    location:
      row.locationId === null
        ? null
        : {
            id: row.locationId,
            name: row.locationName!,
            placePhrase: row.locationPlacePhrase!,
            slug: row.locationSlug!,
            address: row.locationAddress!,
            postcode: row.locationPostcode!,
            city: row.locationCity!,
            lat: row.locationLat,
            lng: row.locationLng,
          },
    venueName: row.venueName,
    venueAddress: row.venueAddress,
    flyerPath: row.flyerPath,
    priceText: row.priceText,
    priceMinCents: row.priceMinCents,
    priceMaxCents: row.priceMaxCents,
    ageLimit: row.ageLimit,
    organizers: refs.organizersByEvent.get(row.id!) ?? [],
    genres: refs.genresByEvent.get(row.id!) ?? [],
  };
}

/** Public events by id, in the order of `ids`. */
export async function summariesByIds(deps: DomainDeps, ids: number[]): Promise<EventSummary[]> {
  if (ids.length === 0) return [];
  const rows = await deps.db
    .select(summaryColumns)
    .from(events)
    .leftJoin(locations, eq(events.locationId, locations.id))
    .where(inArray(events.id, ids));
  const refs = await loadRefs(deps, ids);
  const byId = new Map(rows.map((row) => [row.id, toSummary(deps, row, refs)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
