/**
 * Getting there (decision 0143): the "Route" link opens the visitor's own map app — Apple Maps on
 * iPhone and iPad, the app registered for `geo:` on Android, OpenStreetMap's route planner
 * elsewhere (and in the server's HTML, which every visitor shares through the page cache).
 */

export interface MapPlace {
  name: string;
  lat: number | null;
  lng: number | null;
  /** Street, postcode and city, shown beside the Route link. */
  address: string;
  /**
   * What a map app is asked for when there are no coordinates: a club's name and address (map
   * services may know the club), a typed-in place's address alone (they cannot know its name).
   */
  search: string;
}

/** A club's place on the map. */
export function clubMapPlace(club: {
  name: string;
  lat: number | null;
  lng: number | null;
  address: string;
  postcode: string;
  city: string;
}): MapPlace {
  const address = [club.address, `${club.postcode} ${club.city}`.trim()].filter(Boolean).join(", ");
  return {
    name: club.name,
    lat: club.lat,
    lng: club.lng,
    address,
    search: [club.name, address].filter(Boolean).join(", "),
  };
}

/**
 * The place an organiser typed in for a party without a club page (decision 0213): found by its
 * address; none without one. Coordinates only where a geocoding service found the address.
 */
export function venueMapPlace(
  venue: { venueName: string | null; venueAddress: string | null },
  point: { lat: number; lng: number } | null = null,
): MapPlace | null {
  const address = venue.venueAddress?.trim();
  if (!address) return null;
  return {
    name: venue.venueName?.trim() || address,
    lat: point?.lat ?? null,
    lng: point?.lng ?? null,
    address,
    search: address,
  };
}

export type MapPlatform = "ios" | "android" | "other";

export function mapPlatformOf(userAgent: string): MapPlatform {
  if (/iPhone|iPad|iPod/.test(userAgent)) return "ios";
  if (/Android/.test(userAgent)) return "android";
  return "other";
}

export function routeUrl(place: MapPlace, platform: MapPlatform): string {
  const hasPoint = place.lat !== null && place.lng !== null;
  const point = hasPoint ? `${place.lat},${place.lng}` : null;
  const query = encodeURIComponent(point ? place.name : place.search);
  switch (platform) {
    case "ios":
      return point
        ? `https://maps.apple.com/?daddr=${point}&q=${query}`
        : `https://maps.apple.com/?daddr=${query}`;
    case "android":
      return point ? `geo:${point}?q=${point}(${query})` : `geo:0,0?q=${query}`;
    case "other":
      return point
        ? `https://www.openstreetmap.org/directions?to=${point}#map=16/${point.replace(",", "/")}`
        : `https://www.openstreetmap.org/search?query=${query}`;
  }
}

/**
 * The walk from one place to the next in the visitor's map app (the Nachtplan, decision 0223):
 * Apple Maps walking from one point to the other, OpenStreetMap's route planner on foot; `geo:`
 * knows no start, so Android (and any place without coordinates) gets the Route link to the next
 * place — the visitor stands at the first one when they tap it.
 */
export function walkingRouteUrl(from: MapPlace, to: MapPlace, platform: MapPlatform): string {
  const hasPoints = from.lat !== null && from.lng !== null && to.lat !== null && to.lng !== null;
  if (!hasPoints || platform === "android") return routeUrl(to, platform);
  const start = `${from.lat},${from.lng}`;
  const end = `${to.lat},${to.lng}`;
  return platform === "ios"
    ? `https://maps.apple.com/?saddr=${start}&daddr=${end}&dirflg=w`
    : `https://www.openstreetmap.org/directions?engine=fossgis_osrm_foot&route=${start}%3B${end}`;
}

/** OpenStreetMap's embeddable map around a point, with a marker (loaded only after consent). */
export function osmEmbedUrl(lat: number, lng: number): string {
  const bbox = [lng - 0.006, lat - 0.0035, lng + 0.006, lat + 0.0035]
    .map((value) => value.toFixed(5))
    .join(",");
  return `https://www.openstreetmap.org/export/embed.html?bbox=${bbox}&layer=mapnik&marker=${lat},${lng}`;
}

export const OSM_EMBED_ORIGIN = "https://www.openstreetmap.org";
