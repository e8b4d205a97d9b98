/**
 * How a party's place is named, everywhere (cards, party page, feeds, newsletter, JSON-LD): a
 * club from the club list wins, else the place the organiser typed in, else "Online" for an
 * online party. The fields are the domain's event fields; the API's JSON maps onto them.
 */
export interface PartyPlace {
  /** The club from the club list, if the party is at one. */
  location: { name: string; address: string; postcode: string; city: string } | null;
  /** A place the organiser typed in instead of choosing a club. */
  venueName: string | null;
  venueAddress: string | null;
  isOnline: boolean;
}

const ONLINE_PLACE = "Online";

/** Shown where a place must be named but the party has none yet. */
export const PLACE_TO_BE_ANNOUNCED = "Ort wird noch bekannt gegeben";

/** The club's or the typed-in place's name; null for a party without a physical place. */
export function physicalPlaceName(
  place: Pick<PartyPlace, "location" | "venueName">,
): string | null {
  return place.location?.name ?? (place.venueName || null);
}

/** The place's name: club, typed-in place or "Online"; null while none is known. */
export function placeName(place: Pick<PartyPlace, "location" | "venueName" | "isOnline">) {
  return physicalPlaceName(place) ?? (place.isOnline ? ONLINE_PLACE : null);
}

/** The place with its address on one line ("Club, Straße 1, 04107 Leipzig"), or its name. */
export function placeWithAddress(place: PartyPlace): string | null {
  if (place.location) {
    const { name, address, postcode, city } = place.location;
    return [name, address, `${postcode} ${city}`.trim()].filter(Boolean).join(", ");
  }
  const typedIn = [place.venueName, place.venueAddress].filter(Boolean).join(", ");
  return typedIn || placeName(place);
}
