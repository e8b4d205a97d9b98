import { and, eq, inArray, isNotNull } from "drizzle-orm";
import { clubMapPlace, venueMapPlace, type MapPlace } from "#common/directions.ts";
import { reconcilePlan, type PickedTimes, type PlanEntry } from "#common/night-plan.ts";
import type { PlannedSet } from "#common/schemas/night-plan.ts";
import { eventPath } from "#common/urls.ts";
import { locations } from "#server/db/schema/catalog.ts";
import { events } from "#server/db/schema/events.ts";
import { artists, lineupEntries } from "#server/db/schema/lineups.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { publicStatuses } from "#server/domain/event-query/event-query-kit.server.ts";

/**
 * The sets a Nachtplan names, as the line-ups have them now (decision 0223): only sets with a
 * start time, of public parties (published or cancelled); a draft's, a rejected or deleted
 * party's set, one taken out of its line-up or an unknown id is not answered.
 */

export interface CurrentPlanSet {
  set: PlannedSet;
  /** The party's revision and last change (the calendar's SEQUENCE and DTSTAMP). */
  revision: number;
  updatedAt: Date;
}

export async function currentPlanSets(
  deps: DomainDeps,
  ids: number[],
): Promise<Map<number, CurrentPlanSet>> {
  const sets = new Map<number, CurrentPlanSet>();
  if (ids.length === 0) return sets;
  const rows = await deps.db
    .select({
      id: lineupEntries.id,
      floor: lineupEntries.floor,
      startsAt: lineupEntries.startsAt,
      endsAt: lineupEntries.endsAt,
      artist: artists.name,
      partyId: events.id,
      title: events.title,
      slug: events.slug,
      status: events.status,
      revision: events.revision,
      updatedAt: events.updatedAt,
      venueName: events.venueName,
      venueAddress: events.venueAddress,
      club: {
        name: locations.name,
        lat: locations.lat,
        lng: locations.lng,
        address: locations.address,
        postcode: locations.postcode,
        city: locations.city,
      },
    })
    .from(lineupEntries)
    .innerJoin(artists, eq(lineupEntries.artistId, artists.id))
    .innerJoin(events, eq(lineupEntries.eventId, events.id))
    .leftJoin(locations, eq(events.locationId, locations.id))
    .where(
      and(
        inArray(lineupEntries.id, ids),
        isNotNull(lineupEntries.startsAt),
        inArray(events.status, [...publicStatuses]),
      ),
    );
  for (const row of rows) {
    const address = row.venueAddress?.trim();
    const place: MapPlace | null = row.club
      ? clubMapPlace(row.club)
      : venueMapPlace(row, address ? deps.geocoder.pointOf(address) : null);
    const set: PlannedSet = {
      id: row.id,
      artist: row.artist,
      floor: row.floor,
      start: row.startsAt!.toISOString(),
      end: row.endsAt?.toISOString() ?? null,
      party: {
        id: row.partyId,
        title: row.title,
        path: eventPath({ id: row.partyId, slug: row.slug }),
        cancelled: row.status === "cancelled",
      },
      place,
    };
    sets.set(row.id, { set, revision: row.revision, updatedAt: row.updatedAt });
  }
  return sets;
}

/** A plan as its picks name it, against the line-ups as they are now. */
export async function resolvePlan<T extends PickedTimes>(
  deps: DomainDeps,
  picks: T[],
): Promise<{ entries: PlanEntry[]; gone: T[] }> {
  const current = await currentPlanSets(
    deps,
    picks.map((pick) => pick.id),
  );
  return reconcilePlan(picks, new Map([...current].map(([id, { set }]) => [id, set])));
}
