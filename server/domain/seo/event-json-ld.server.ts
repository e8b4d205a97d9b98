import { toZonedIso } from "#common/dates.ts";
import { PLACE_TO_BE_ANNOUNCED, physicalPlaceName } from "#common/party-place.ts";
import { eventPath, mediaUrl, organizerPath } from "#common/urls.ts";
import type { EventDetail } from "#server/domain/event-query/event-model.ts";

/** schema.org `Event` for a party page (decision 0016): what search engines show as event cards. */
export function eventJsonLd(
  event: EventDetail,
  site: { publicUrl: string; timeZone: string; description: string },
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
    ...(offers ? { offers } : {}),
    ...(event.ageLimit ? { typicalAgeRange: `${event.ageLimit}-` } : {}),
  };
}
