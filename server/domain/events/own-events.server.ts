import { and, asc, count, desc, eq, gte, inArray, lt } from "drizzle-orm";
import { toDateTimeInput } from "#common/date-time-input.ts";
import { partyNightBounds, partyNightEnd, partyNightOf } from "#common/dates.ts";
import { partyDoorFormValuesOf } from "#common/schemas/door-facts.ts";
import type { EventFormState } from "#common/schemas/event-form.ts";
import { setTimeInput } from "#common/schemas/lineup.ts";
import { lineupOf } from "#server/domain/lineups/lineup-store.server.ts";
import { eventOrganizers, eventGenres, events, eventViews } from "#server/db/schema/events.ts";
import { locations } from "#server/db/schema/catalog.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { offsetOf, type Page, type PageRequest } from "#server/domain/paging.ts";
import { eventsManagedBy, loadManagedEvent } from "./event-ownership.server.ts";
import type { Actor } from "#server/domain/kernel/actor.ts";
import type { EventStatus } from "#server/domain/event-query/event-model.ts";

export interface OwnEventRow {
  id: number;
  title: string;
  slug: string;
  startsAt: Date;
  night: string;
  status: EventStatus;
  /** When a waiting draft becomes public by itself (decision 0236); null: not scheduled. */
  publishAt: Date | null;
  /** The secret of the team's preview link (decision 0236). */
  previewToken: string | null;
  isTop: boolean;
  /** Where the paid top period running now ends; null when the party is no top event now. */
  topUntil: Date | null;
  /** The top period ends before the party's night is over (the party was moved later). */
  topEndsBeforeParty: boolean;
  flyerPath: string | null;
  locationName: string | null;
  /** Visitors who opened the party page (one per visitor and day). */
  views: number;
}

export type OwnEventsWhen = "upcoming" | "past";

function topOf(
  row: { startsAt: Date; topUntil: Date | null },
  now: Date,
  timeZone: string,
): Pick<OwnEventRow, "isTop" | "topUntil" | "topEndsBeforeParty"> {
  const topUntil = row.topUntil !== null && row.topUntil > now ? row.topUntil : null;
  return {
    isTop: topUntil !== null,
    topUntil,
    topEndsBeforeParty: topUntil !== null && topUntil < partyNightEnd(row.startsAt, timeZone),
  };
}

/**
 * The user's own events, drafts included: the parties of their teams' organiser profiles and
 * their own parties without a profile (`eventsManagedBy`, decision 0232); upcoming ones (from
 * tonight's party night on) in start order, or past ones newest first.
 */
export async function listOwnEvents(
  deps: DomainDeps,
  userId: number,
  when: OwnEventsWhen,
  pageRequest: PageRequest,
): Promise<Page<OwnEventRow>> {
  const timeZone = deps.config.city.timeZone;
  const tonight = partyNightBounds(partyNightOf(deps.now(), timeZone), timeZone).start;
  const where = and(
    eventsManagedBy(deps.db, userId),
    when === "upcoming" ? gte(events.startsAt, tonight) : lt(events.startsAt, tonight),
  );
  const [rows, [counted]] = await Promise.all([
    deps.db
      .select({
        id: events.id,
        title: events.title,
        slug: events.slug,
        startsAt: events.startsAt,
        status: events.status,
        publishAt: events.publishAt,
        previewToken: events.previewToken,
        topUntil: events.topUntil,
        flyerPath: events.flyerPath,
        locationName: locations.name,
        venueName: events.venueName,
      })
      .from(events)
      .leftJoin(locations, eq(events.locationId, locations.id))
      .where(where)
      .orderBy(
        when === "upcoming" ? asc(events.startsAt) : desc(events.startsAt),
        when === "upcoming" ? asc(events.id) : desc(events.id),
      )
      .limit(pageRequest.pageSize)
      .offset(offsetOf(pageRequest)),
    deps.db.select({ count: count() }).from(events).where(where),
  ]);
  const ids = rows.map((row) => row.id);
  const viewRows =
    ids.length === 0
      ? []
      : await deps.db
          .select({ eventId: eventViews.eventId, views: count() })
          .from(eventViews)
          .where(inArray(eventViews.eventId, ids))
          .groupBy(eventViews.eventId);
  const views = new Map(viewRows.map((row) => [row.eventId, row.views]));
  return {
    count: counted?.count ?? 0,
    page: pageRequest.page,
    pageSize: pageRequest.pageSize,
    items: rows.map((row) => ({
      id: row.id,
      title: row.title,
      slug: row.slug,
      startsAt: row.startsAt,
      night: partyNightOf(row.startsAt, timeZone),
      status: row.status,
      publishAt: row.publishAt,
      previewToken: row.previewToken,
      ...topOf(row, deps.now(), timeZone),
      flyerPath: row.flyerPath,
      locationName: row.locationName ?? row.venueName,
      views: views.get(row.id) ?? 0,
    })),
  };
}

export interface EditableEvent {
  id: number;
  slug: string;
  status: EventStatus;
  /** The saved start, which the form may keep even once it has passed. */
  startsAt: Date;
  values: EventFormState;
  /** The club's name for the autocomplete field. */
  locationName: string | null;
  /** The series it belongs to (decision 0230), or null. */
  seriesId: number | null;
  /** The secret of its preview link (decision 0236); null for a party from before it. */
  previewToken: string | null;
}

/** An event as the form shows it, for its creator or an admin (drafts included). */
export async function getEditableEvent(
  deps: DomainDeps,
  actor: Actor,
  eventId: number,
): Promise<EditableEvent> {
  const event = await loadManagedEvent(deps, actor, eventId, "view");
  const timeZone = deps.config.city.timeZone;
  const [genreRows, organizerRows, location, lineup] = await Promise.all([
    deps.db
      .select({ id: eventGenres.genreId })
      .from(eventGenres)
      .where(eq(eventGenres.eventId, eventId)),
    deps.db
      .select({ id: eventOrganizers.organizerId })
      .from(eventOrganizers)
      .where(eq(eventOrganizers.eventId, eventId))
      .orderBy(asc(eventOrganizers.position)),
    event.locationId === null
      ? Promise.resolve([])
      : deps.db
          .select({ name: locations.name })
          .from(locations)
          .where(eq(locations.id, event.locationId)),
    lineupOf(deps, eventId),
  ]);
  return {
    id: event.id,
    slug: event.slug,
    status: event.status,
    startsAt: event.startsAt,
    locationName: location[0]?.name ?? null,
    seriesId: event.seriesId,
    previewToken: event.previewToken,
    values: {
      title: event.title,
      start: toDateTimeInput(event.startsAt, timeZone),
      end: event.endsAt === null ? "" : toDateTimeInput(event.endsAt, timeZone),
      location: event.locationId,
      venue_name: event.venueName ?? "",
      venue_address: event.venueAddress ?? "",
      online: event.isOnline,
      organizers: organizerRows.map((row) => row.id),
      genres: genreRows.map((row) => row.id),
      description: event.description,
      price_text: event.priceText ?? "",
      age_limit: event.ageLimit,
      ticket_url: event.ticketUrl ?? "",
      flyer: event.flyerPath,
      media: event.mediaUrls,
      lineup: lineup.map((entry) => ({
        artist: entry.artist.name,
        floor: entry.floor,
        start: setTimeInput(entry.startsAt, event, timeZone),
        end: setTimeInput(entry.endsAt, event, timeZone),
      })),
      ...partyDoorFormValuesOf(event.doorFacts),
      // A party waiting for its publication time shows that time, not the draft box.
      draft: event.status === "draft" && event.publishAt === null,
      publish_at: event.publishAt === null ? "" : toDateTimeInput(event.publishAt, timeZone),
      allow_duplicate: false,
    },
  };
}
