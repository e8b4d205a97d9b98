import { toZonedIso } from "#common/dates.ts";
import type { DoorFacts } from "#common/schemas/door-facts.ts";
import { PLACE_TO_BE_ANNOUNCED, physicalPlaceName } from "#common/party-place.ts";
import { artistPath, eventPath, mediaUrl, organizerPath } from "#common/urls.ts";
import type { EventDetail } from "#server/domain/event-query/event-model.ts";
import type { LineupEntry } from "#server/domain/lineups/lineup-store.server.ts";

/**
 * The door facts schema.org can say of a `Place`: `amenityFeature`, one
 * `LocationFeatureSpecification` (name, true/false) per stated fact of the building. Payment,
 * photos, awareness and the Muttizettel have no schema.org property on Event or Place: left
 * out (decision 0220).
 */
function amenitiesOf(facts: DoorFacts): { amenityFeature?: Record<string, unknown>[] } {
  const features = (
    [
      ["Stufenloser Eingang", facts.stepFree],
      ["Barrierefreie Toilette", facts.accessibleToilet],
      ["Ruheraum", facts.quietRoom],
      ["Garderobe", facts.cloakroom],
      ["Raucherbereich", facts.smokingArea],
    ] as const
  ).flatMap(([name, value]) =>
    value === undefined ? [] : [{ "@type": "LocationFeatureSpecification", name, value }],
  );
  return features.length > 0 ? { amenityFeature: features } : {};
}

/** schema.org `Event` for a party page (decision 0016): what search engines show as event cards. */
export function eventJsonLd(
  event: EventDetail,
  site: { publicUrl: string; timeZone: string; description: string },
  lineup: LineupEntry[] = [],
): Record<string, unknown> {
  const absolute = (path: string) => `${site.publicUrl}${path}`;
  const flyer = mediaUrl(event.flyerPath);
  const pageUrl = absolute(eventPath(event));
  const location = event.isOnline
    ? { "@type": "VirtualLocation", url: event.ticketUrl ?? pageUrl }
    : {
        "@type": "Place",
        name: physicalPlaceName(event) ?? PLACE_TO_BE_ANNOUNCED,
        ...amenitiesOf(event.doorFacts),
        address: event.location
          ? {
              "@type": "PostalAddress",
              streetAddress: event.location.address,
              postalCode: event.location.postcode,
              addressLocality: event.location.city,
              addressCountry: "DE",
            }
          : (event.venueAddress ?? undefined),
      };
  const offers =
    event.priceMinCents !== null || event.ticketUrl
      ? {
          "@type": "Offer",
          url: event.ticketUrl ?? pageUrl,
          ...(event.priceMinCents !== null
            ? { price: (event.priceMinCents / 100).toFixed(2), priceCurrency: "EUR" }
            : {}),
          availability: "https://schema.org/InStock",
        }
      : undefined;
  // Each artist once, in running order (one artist may play two floors).
  const performers = [...new Map(lineup.map((entry) => [entry.artist.id, entry.artist])).values()];
  return {
    "@context": "https://schema.org",
    "@type": "Event",
    name: event.title,
    url: pageUrl,
    startDate: toZonedIso(event.startsAt, site.timeZone),
    ...(event.endsAt ? { endDate: toZonedIso(event.endsAt, site.timeZone) } : {}),
    eventStatus:
      event.status === "cancelled"
        ? "https://schema.org/EventCancelled"
        : "https://schema.org/EventScheduled",
    eventAttendanceMode: event.isOnline
      ? "https://schema.org/OnlineEventAttendanceMode"
      : "https://schema.org/OfflineEventAttendanceMode",
    location,
    ...(flyer ? { image: [absolute(flyer)] } : {}),
    ...(site.description ? { description: site.description } : {}),
    ...(event.organizers.length > 0
      ? {
          organizer: event.organizers.map((organizer) => ({
            "@type": "Organization",
            name: organizer.name,
            url: absolute(organizerPath(organizer)),
          })),
        }
      : {}),
    ...(performers.length > 0
      ? {
          performer: performers.map((artist) => ({
            "@type": "Person",
            name: artist.name,
            url: absolute(artistPath(artist)),
          })),
        }
      : {}),
    ...(offers ? { offers } : {}),
    ...(event.doorFacts.minAge ? { typicalAgeRange: `${event.doorFacts.minAge}-` } : {}),
  };
}
