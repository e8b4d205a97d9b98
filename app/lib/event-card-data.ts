import { priceLabel } from "#common/money.ts";
import { toSavedParty } from "#common/saved-party.ts";
import type { SavedParty } from "#common/schemas/saved-parties.ts";
import type { EventSummaryJson } from "#server/api/event-json.ts";

/**
 * What a party card draws and saves, cut from the API's summary (GET /api/dates/,
 * /api/events/): a page's loader data carries no club address, coordinates, slugs or organisers
 * the card never shows, so the server encodes and the browser parses less (home on 100,000
 * events: 34.5 → 21.0 kB of page data, decision 0257). The server's loaders and the "Weitere Partys" requests map through here.
 */
export interface EventCardData {
  id: number;
  title: string;
  /** The party page. */
  url: string;
  /** UTC instants, ISO 8601. */
  start: string;
  end: string | null;
  night: string;
  cancelled: boolean;
  isTop: boolean;
  flyer: string | null;
  /** Club, typed-in place or "Online" (`placeName`), and its address for the saved list. */
  place: string | null;
  address: string | null;
  /** "10,00 €", "frei", the organiser's text… (`priceLabel`); null when unknown. */
  price: string | null;
  ageLimit: number | null;
  genres: string[];
}

/** A party night of cards, as GET /api/dates/ lists it. */
export interface CardNight {
  date: string;
  count: number;
  results: EventCardData[];
}

export function toEventCardData(event: EventSummaryJson): EventCardData {
  const cancelled = event.status === "cancelled";
  const saved = toSavedParty({
    id: event.id,
    title: event.title,
    path: event.url,
    start: event.start,
    end: event.end,
    cancelled,
    location: event.location,
    venueName: event.venue_name,
    venueAddress: event.venue_address,
    isOnline: event.online,
  });
  return {
    id: event.id,
    title: event.title,
    url: event.url,
    start: event.start,
    end: event.end,
    night: event.night,
    cancelled,
    isTop: event.is_top,
    flyer: event.flyer,
    place: saved.place,
    address: saved.address,
    price: priceLabel({
      priceText: event.price_text,
      priceMinCents: event.price_min,
      priceMaxCents: event.price_max,
    }),
    ageLimit: event.age_limit,
    genres: event.genres.map((genre) => genre.name),
  };
}

export function toCardNight(night: {
  date: string;
  count: number;
  results: EventSummaryJson[];
}): CardNight {
  return { date: night.date, count: night.count, results: night.results.map(toEventCardData) };
}

/** The card's party as the browser keeps it when saved (decision 0180). */
export function savedPartyOfCard(card: EventCardData): SavedParty {
  return {
    id: card.id,
    title: card.title,
    path: card.url,
    start: card.start,
    end: card.end,
    place: card.place,
    address: card.address,
    cancelled: card.cancelled,
  };
}
