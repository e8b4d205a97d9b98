import { z } from "zod";
import { topEventBadge } from "#common/top-event-badge.ts";
import { eventPath, mediaUrl } from "#common/urls.ts";
import type { EventDetail, EventSummary } from "#server/domain/event-query/event-model.ts";
import { doorFactsJson, toDoorFactsJson } from "./door-facts-json.ts";

/** The JSON shape of events in the API (snake_case, cents as integers, instants in UTC). */

const ref = z.object({ id: z.number().int(), name: z.string(), slug: z.string() });

export const eventSummaryJson = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  url: z.string().describe("Path of the party page"),
  start: z.string().describe("UTC instant, ISO 8601"),
  end: z.string().nullable(),
  night: z.string().describe("Party night (06:00–06:00 Europe/Berlin) as YYYY-MM-DD"),
  status: z.enum(["draft", "pending", "published", "cancelled", "rejected"]),
  is_top: z.boolean(),
  top_badge: z
    .string()
    .nullable()
    .describe(
      'The mark a top event is shown with ("Top-Event · Anzeige": its place is paid for), else null',
    ),
  online: z.boolean(),
  flyer: z.string().nullable(),
  location: z
    .object({
      id: z.number().int(),
      name: z.string(),
      slug: z.string(),
      address: z.string(),
      postcode: z.string(),
      city: z.string(),
      lat: z.number().nullable(),
      lng: z.number().nullable(),
    })
    .nullable(),
  venue_name: z.string().nullable(),
  venue_address: z.string().nullable(),
  price_text: z.string().nullable(),
  price_min: z.number().int().nullable().describe("Cents"),
  price_max: z.number().int().nullable().describe("Cents"),
  age_limit: z.number().int().nullable(),
  organizers: z.array(ref),
  genres: z.array(ref),
});

export type EventSummaryJson = z.infer<typeof eventSummaryJson>;

export const eventDetailJson = eventSummaryJson.extend({
  description: z.string(),
  ticket_url: z.string().nullable(),
  media: z.array(z.string()),
  door: doorFactsJson,
});

export function toEventSummaryJson(event: EventSummary): z.infer<typeof eventSummaryJson> {
  return {
    id: event.id,
    title: event.title,
    slug: event.slug,
    url: eventPath(event),
    start: event.startsAt.toISOString(),
    end: event.endsAt?.toISOString() ?? null,
    night: event.night,
    status: event.status,
    is_top: event.isTop,
    top_badge: topEventBadge(event.isTop),
    online: event.isOnline,
    flyer: mediaUrl(event.flyerPath),
    location: event.location,
    venue_name: event.venueName,
    venue_address: event.venueAddress,
    price_text: event.priceText,
    price_min: event.priceMinCents,
    price_max: event.priceMaxCents,
    age_limit: event.ageLimit,
    organizers: event.organizers,
    genres: event.genres,
  };
}

export function toEventDetailJson(event: EventDetail): z.infer<typeof eventDetailJson> {
  return {
    ...toEventSummaryJson(event),
    description: event.description,
    ticket_url: event.ticketUrl,
    media: event.mediaUrls,
    door: toDoorFactsJson(event.doorFacts),
  };
}
