import { eq, inArray } from "drizzle-orm";
import { clubPlacePhrase, placeWithAddress } from "#common/party-place.ts";
import { clubPath, eventPath, genrePath, organizerPath } from "#common/urls.ts";
import { events } from "#server/db/schema/events.ts";
import { getClub } from "#server/domain/clubs/clubs.server.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { descriptionText } from "#server/domain/events/event-description.server.ts";
import type { EventSummary } from "#server/domain/event-query/event-model.ts";
import { getPublicEvent, listEvents } from "#server/domain/events/public-events.server.ts";
import type { EventFilters } from "#server/domain/event-query/event-query-kit.server.ts";
import { getGenre } from "#server/domain/genres/genres.server.ts";
import {
  lineupOf,
  lineupsOf,
  type LineupEntry,
} from "#server/domain/lineups/lineup-store.server.ts";
import { lineupText } from "#server/domain/lineups/lineup-text.ts";
import { getOrganizer } from "#server/domain/organizers/organizers.server.ts";
import { siteIdentity } from "#server/domain/settings/site-settings.server.ts";
import { buildCalendar, type CalendarEntry } from "./icalendar.ts";
import { buildRss } from "./rss.ts";

/** Upcoming parties a feed carries at most. */
const FEED_LIMIT = 500;

export type FeedScope =
  | { kind: "all" }
  | { kind: "club"; id: number }
  | { kind: "organizer"; id: number }
  | { kind: "genre"; id: number };

/** What a feed is about: its name, the page it mirrors, and the parties it holds. */
interface FeedSubject {
  /** The club's, organiser's or genre's name; the city's for all parties. */
  name: string;
  title: string;
  description: string;
  pagePath: string;
  filters: EventFilters;
}

/** A scope's subject; a NotFoundError for an unknown club, organiser or genre. */
export async function feedSubject(deps: DomainDeps, scope: FeedScope): Promise<FeedSubject> {
  const { siteName, cityName: city } = await siteIdentity(deps);
  switch (scope.kind) {
    case "all":
      return {
        name: city,
        title: `Partys in ${city} – ${siteName}`,
        description: `Alle kommenden Techno-, House- und Drum-and-Bass-Partys in ${city}.`,
        pagePath: "/",
        filters: {},
      };
    case "club": {
      const club = await getClub(deps, scope.id);
      return {
        name: club.name,
        title: `${club.name} – Partys | ${siteName}`,
        description: `Die kommenden Partys ${clubPlacePhrase(club)}, ${city}.`,
        pagePath: clubPath(club),
        filters: { locationId: club.id },
      };
    }
    case "organizer": {
      const organizer = await getOrganizer(deps, scope.id);
      return {
        name: organizer.name,
        title: `${organizer.name} – Partys | ${siteName}`,
        description: `Die kommenden Partys von ${organizer.name} in ${city}.`,
        pagePath: organizerPath(organizer),
        filters: { organizerId: organizer.id },
      };
    }
    case "genre": {
      const genre = await getGenre(deps, scope.id);
      return {
        name: genre.name,
        title: `${genre.name}-Partys in ${city} | ${siteName}`,
        description: `Die kommenden ${genre.name}-Partys in ${city}.`,
        pagePath: genrePath(genre),
        filters: { genreIds: [genre.id] },
      };
    }
  }
}

interface FeedEvent extends EventSummary {
  description: string;
  revision: number;
  updatedAt: Date;
  lineup: LineupEntry[];
}

async function feedEvents(deps: DomainDeps, filters: EventFilters): Promise<FeedEvent[]> {
  const page = await listEvents(deps, filters, { page: 1, pageSize: FEED_LIMIT });
  return withFeedDetails(deps, page.items);
}

/** Description, last change and line-up of each party, for its calendar entry. */
async function withFeedDetails(deps: DomainDeps, items: EventSummary[]): Promise<FeedEvent[]> {
  if (items.length === 0) return [];
  const details = await deps.db
    .select({
      id: events.id,
      description: events.description,
      updatedAt: events.updatedAt,
      revision: events.revision,
    })
    .from(events)
    .where(
      inArray(
        events.id,
        items.map((event) => event.id),
      ),
    );
  const byId = new Map(details.map((row) => [row.id, row]));
  const lineups = await lineupsOf(
    deps,
    items.map((event) => event.id),
  );
  return items.map((event) => ({
    ...event,
    lineup: lineups.get(event.id) ?? [],
    description: byId.get(event.id)?.description ?? "",
    revision: byId.get(event.id)?.revision ?? 0,
    updatedAt: byId.get(event.id)?.updatedAt ?? event.startsAt,
  }));
}

function calendarEntry(deps: DomainDeps, event: FeedEvent): CalendarEntry {
  const host = new URL(deps.config.publicUrl).hostname;
  return {
    uid: `party-${event.id}@${host}`,
    title: event.status === "cancelled" ? `Abgesagt: ${event.title}` : event.title,
    start: event.startsAt,
    end: event.endsAt,
    sequence: event.revision,
    updatedAt: event.updatedAt,
    location: placeWithAddress(event),
    description: [
      descriptionText(event.description),
      lineupText(event.lineup, deps.config.city.timeZone),
    ]
      .filter(Boolean)
      .join("\n\n"),
    url: `${deps.config.publicUrl}${eventPath(event)}`,
    cancelled: event.status === "cancelled",
    categories: event.genres.map((genre) => genre.name),
  };
}

/** The iCalendar feed of a scope's upcoming parties (404 for an unknown club etc.). */
export async function calendarFeed(deps: DomainDeps, scope: FeedScope): Promise<string> {
  const subject = await feedSubject(deps, scope);
  const entries = (await feedEvents(deps, subject.filters)).map((event) =>
    calendarEntry(deps, event),
  );
  return buildCalendar(entries, {
    name: subject.title,
    description: subject.description,
    timeZone: deps.config.city.timeZone,
  });
}

/**
 * Chosen parties as one calendar (a user's saved parties): each keeps the UID its own calendar
 * file has, so a calendar that holds both shows the party once.
 */
export async function chosenPartiesCalendar(
  deps: DomainDeps,
  parties: EventSummary[],
  about: { name: string; description: string },
): Promise<string> {
  const entries = (await withFeedDetails(deps, parties)).map((event) => calendarEntry(deps, event));
  return buildCalendar(entries, { ...about, timeZone: deps.config.city.timeZone });
}

/** One party as a calendar file ("In Kalender speichern"). */
export async function partyCalendar(deps: DomainDeps, eventId: number): Promise<string> {
  const [event, lineup, { siteName }, [row]] = await Promise.all([
    getPublicEvent(deps, eventId),
    lineupOf(deps, eventId),
    siteIdentity(deps),
    deps.db.select({ revision: events.revision }).from(events).where(eq(events.id, eventId)),
  ]);
  return buildCalendar([calendarEntry(deps, { ...event, lineup, revision: row?.revision ?? 0 })], {
    name: event.title,
    description: `${event.title} – ${siteName}`,
    timeZone: deps.config.city.timeZone,
  });
}

/** The RSS feed of a scope's upcoming parties. */
export async function rssFeed(
  deps: DomainDeps,
  scope: FeedScope,
  selfPath: string,
): Promise<string> {
  const subject = await feedSubject(deps, scope);
  const dayAndTime = new Intl.DateTimeFormat("de-DE", {
    timeZone: deps.config.city.timeZone,
    weekday: "short",
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
  });
  const items = (await feedEvents(deps, subject.filters)).map((event) => {
    const url = `${deps.config.publicUrl}${eventPath(event)}`;
    const when = `${dayAndTime.format(event.startsAt)} Uhr`;
    const lead = [when, placeWithAddress(event), event.status === "cancelled" ? "Abgesagt" : null]
      .filter(Boolean)
      .join(" · ");
    return {
      title: event.title,
      url,
      guid: url,
      publishedAt: event.updatedAt,
      description: [lead, descriptionText(event.description)].filter(Boolean).join("\n\n"),
      categories: event.genres.map((genre) => genre.name),
    };
  });
  return buildRss({
    title: subject.title,
    description: subject.description,
    link: `${deps.config.publicUrl}${subject.pagePath}`,
    selfUrl: `${deps.config.publicUrl}${selfPath}`,
    items,
  });
}
