import type { DoorFacts } from "#common/schemas/door-facts.ts";

/** The shapes the domain hands out for events; adapters turn them into JSON or pages. */

export type EventStatus = "draft" | "pending" | "published" | "cancelled" | "rejected";

export interface EventLocation {
  id: number;
  name: string;
  /** "in der Halle Neun"; empty: "im {name}" (`clubPlacePhrase`). */
  placePhrase: string;
  slug: string;
  address: string;
  postcode: string;
  city: string;
  lat: number | null;
  lng: number | null;
}

export interface EventRef {
  id: number;
  name: string;
  slug: string;
}

export interface EventSummary {
  id: number;
  title: string;
  slug: string;
  startsAt: Date;
  endsAt: Date | null;
  /** The party night (06:00–06:00 local) the event starts in, as "YYYY-MM-DD". */
  night: string;
  status: EventStatus;
  isTop: boolean;
  isOnline: boolean;
  location: EventLocation | null;
  venueName: string | null;
  venueAddress: string | null;
  flyerPath: string | null;
  priceText: string | null;
  priceMinCents: number | null;
  priceMaxCents: number | null;
  ageLimit: number | null;
  organizers: EventRef[];
  genres: EventRef[];
}

export interface EventDetail extends EventSummary {
  description: string;
  /** An http(s) address (common/safe-url.ts) or null. */
  ticketUrl: string | null;
  mediaUrls: string[];
  /** "Einlass & Awareness": the club's facts under the party's own (`effectiveDoorFacts`). */
  doorFacts: DoorFacts;
  createdById: number | null;
  createdAt: Date;
  updatedAt: Date;
}
