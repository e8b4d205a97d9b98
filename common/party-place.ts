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

/**
 * Where a club is, as German says it mid-sentence, with the club's own article and preposition:
 * "in der Halle Neun", "auf der Wiese am Auensee"; "im {name}" when the club has none stored
 * (decision 0124).
 */
export function clubPlacePhrase(club: { name: string; placePhrase?: string }): string {
  return club.placePhrase?.trim() || `im ${club.name}`;
}

/**
 * A party's place after its title or date: "in der Halle Neun" for a club, "· Wiese am Auensee"
 * for a typed-in place (whose article nobody stored), "" without a physical place.
 */
export function placeAfterDate(
  place: Pick<PartyPlace, "venueName"> & {
    location: { name: string; placePhrase?: string } | null;
  },
): string {
  if (place.location) return ` ${clubPlacePhrase(place.location)}`;
  return place.venueName ? ` · ${place.venueName}` : "";
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
