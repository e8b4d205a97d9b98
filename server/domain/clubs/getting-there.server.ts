import { clubMapPlace, venueMapPlace, type MapPlace } from "#common/directions.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import type { Club } from "./clubs.server.ts";

export interface GettingThere {
  place: MapPlace;
  /** "Letzte Bahn / Nachtbus" (decision 0144); a typed-in place has none. */
  transitNote: string;
}

/**
 * Where a party's "Anfahrt" leads (decisions 0143, 0213): its club; else the place its organiser
 * typed in, with the coordinates the configured geocoding service found for its address (none on
 * the first visit: the lookup runs in the background, the page does not wait); none for a party
 * without an address (online, or its place still unknown).
 */
export function partyGettingThere(
  deps: Pick<DomainDeps, "geocoder">,
  club: Club | null,
  venue: { venueName: string | null; venueAddress: string | null },
): GettingThere | null {
  if (club) return { place: clubMapPlace(club), transitNote: club.transitNote };
  const address = venue.venueAddress?.trim();
  const place = venueMapPlace(venue, address ? deps.geocoder.pointOf(address) : null);
  return place ? { place, transitNote: "" } : null;
}
