import { toZonedIso } from "#common/dates.ts";
import { PLACE_TO_BE_ANNOUNCED, physicalPlaceName } from "#common/party-place.ts";
import { artistPath, eventPath, mediaUrl, organizerPath } from "#common/urls.ts";
import type { EventDetail } from "#server/domain/event-query/event-model.ts";
import type { LineupEntry } from "#server/domain/lineups/lineup-store.server.ts";

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
    ...(event.ageLimit ? { typicalAgeRange: `${event.ageLimit}-` } : {}),
  };
}
