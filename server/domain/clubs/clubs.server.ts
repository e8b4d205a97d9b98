import { and, eq, gte, inArray, sql } from "drizzle-orm";
import { safeHttpUrl } from "#common/safe-url.ts";
import { locations } from "#server/db/schema/catalog.ts";
import { events } from "#server/db/schema/events.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { NotFoundError } from "#server/domain/errors.ts";
import { publicStatuses, tonightStart } from "#server/domain/event-query/event-query-kit.server.ts";

export type Club = typeof locations.$inferSelect;

export interface ClubListEntry {
  id: number;
  name: string;
  slug: string;
  address: string;
  postcode: string;
  city: string;
  /** The stored path of the club's photo (main width), if it has one. */
  photo: string | null;
  /** Public parties from tonight on. */
  upcomingCount: number;
}

/** A club as the public sees it: its website only if it passes the link rule (common/safe-url.ts). */
function publicClub(club: Club | undefined): Club {
  if (!club) throw new NotFoundError("Diesen Club gibt es nicht.");
  return { ...club, website: safeHttpUrl(club.website) };
}

export async function getClub({ db }: DomainDeps, id: number): Promise<Club> {
  const [club] = await db.select().from(locations).where(eq(locations.id, id));
  return publicClub(club);
}

/** A club by its slug alone (an old or shortened address), for the redirect to its page. */
export async function getClubBySlug({ db }: DomainDeps, slug: string): Promise<Club> {
  const [club] = await db.select().from(locations).where(eq(locations.slug, slug));
  return publicClub(club);
}

/**
 * Every club A–Z in German order (the ICU root collation sorts Ä with A, decision 0013), with
 * the number of its upcoming public parties.
 */
export async function listClubs(deps: DomainDeps): Promise<ClubListEntry[]> {
  const upcoming = deps.db
    .select({ locationId: events.locationId, count: sql<number>`count(*)::int`.as("count") })
    .from(events)
    .where(
      and(inArray(events.status, [...publicStatuses]), gte(events.startsAt, tonightStart(deps))),
    )
    .groupBy(events.locationId)
    .as("upcoming");
  return deps.db
    .select({
      id: locations.id,
      name: locations.name,
      slug: locations.slug,
      address: locations.address,
      postcode: locations.postcode,
      city: locations.city,
      photo: sql<string | null>`${locations.images}->>0`,
      upcomingCount: sql<number>`coalesce(${upcoming.count}, 0)::int`,
    })
    .from(locations)
    .leftJoin(upcoming, eq(upcoming.locationId, locations.id))
    .orderBy(sql`${locations.name} collate "und-x-icu"`, locations.id);
}

/** A link to the club on OpenStreetMap: its coordinates if known, else its address. */
export function clubMapUrl(club: Pick<Club, "lat" | "lng" | "address" | "postcode" | "city">) {
  if (club.lat !== null && club.lng !== null) {
    return `https://www.openstreetmap.org/?mlat=${club.lat}&mlon=${club.lng}#map=17/${club.lat}/${club.lng}`;
  }
  const query = [club.address, `${club.postcode} ${club.city}`.trim()].filter(Boolean).join(", ");
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(query)}`;
}
