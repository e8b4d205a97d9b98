import { describe, expect, it } from "vitest";
import { toSavedParty } from "#common/saved-party.ts";
import type { EventSummaryJson } from "#server/api/event-json.ts";
import { savedPartyOfCard, toCardNight, toEventCardData } from "./event-card-data.ts";

const summary: EventSummaryJson = {
  id: 7,
  title: "Nebelmaschine",
  slug: "nebelmaschine",
  url: "/party/nebelmaschine/7",
  start: "2026-12-04T22:00:00.000Z",
  end: "2026-12-05T05:00:00.000Z",
  night: "2026-12-04",
  status: "cancelled",
  is_top: true,
  top_badge: "Top-Event · Anzeige",
  online: false,
  flyer: "/media/flyers/a-800.webp",
  location: {
    id: 3,
    name: "Halle Neun",
    slug: "halle-neun",
    address: "Hafenstraße 9",
    postcode: "04109",
    city: "Leipzig",
    lat: 51.3,
    lng: 12.3,
  },
  venue_name: null,
  venue_address: null,
  price_text: null,
  price_min: 800,
  price_max: 1200,
  age_limit: 18,
  organizers: [{ id: 1, name: "Nachtschicht", slug: "nachtschicht" }],
  genres: [
    { id: 1, name: "Techno", slug: "techno" },
    { id: 2, name: "Minimal", slug: "minimal" },
  ],
};

describe("a party card's data", () => {
  it("keeps what the card draws, named and formatted, and nothing else", () => {
    expect(toEventCardData(summary)).toEqual({
      id: 7,
      title: "Nebelmaschine",
      url: "/party/nebelmaschine/7",
      start: "2026-12-04T22:00:00.000Z",
      end: "2026-12-05T05:00:00.000Z",
      night: "2026-12-04",
      cancelled: true,
      isTop: true,
      flyer: "/media/flyers/a-800.webp",
      place: "Halle Neun",
      address: "Hafenstraße 9, 04109 Leipzig",
      price: "8,00\u00a0€ – 12,00\u00a0€",
      ageLimit: 18,
      genres: ["Techno", "Minimal"],
    });
  });

  it("saves the party as the party page and the API's JSON would", () => {
    const typedIn = { ...summary, location: null, venue_name: "Hof", venue_address: "Weg 1" };
    for (const party of [summary, typedIn]) {
      expect(savedPartyOfCard(toEventCardData(party))).toEqual(
        toSavedParty({
          ...party,
          path: party.url,
          cancelled: true,
          venueName: party.venue_name,
          venueAddress: party.venue_address,
          isOnline: party.online,
        }),
      );
    }
  });

  it("cuts a night of GET /api/dates/ to cards, its count kept", () => {
    const night = toCardNight({ date: "2026-12-04", count: 12, results: [summary] });
    expect(night.count).toBe(12);
    expect(night.results.map((card) => card.place)).toEqual(["Halle Neun"]);
  });
});
