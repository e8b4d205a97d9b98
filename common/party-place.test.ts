import { describe, expect, it } from "vitest";
import {
  clubPlacePhrase,
  physicalPlaceName,
  placeAfterDate,
  placeName,
  placeWithAddress,
  type PartyPlace,
} from "./party-place.ts";

const club = {
  name: "Tresor Ost",
  address: "Karl-Liebknecht-Straße 1",
  postcode: "04107",
  city: "Leipzig",
};
const nowhere: PartyPlace = {
  location: null,
  venueName: null,
  venueAddress: null,
  isOnline: false,
};
const atClub: PartyPlace = { ...nowhere, location: club };
const typedIn: PartyPlace = { ...nowhere, venueName: "Parkbühne", venueAddress: "Am Park 2" };
const online: PartyPlace = { ...nowhere, isOnline: true };

describe("placeName", () => {
  it("names the club first, then the typed-in place, then Online", () => {
    expect(placeName(atClub)).toBe("Tresor Ost");
    expect(placeName({ ...atClub, venueName: "Alt", isOnline: true })).toBe("Tresor Ost");
    expect(placeName(typedIn)).toBe("Parkbühne");
    expect(placeName({ ...typedIn, isOnline: true })).toBe("Parkbühne");
    expect(placeName(online)).toBe("Online");
  });

  it("is null while no place is known (an empty typed-in name counts as none)", () => {
    expect(placeName(nowhere)).toBeNull();
    expect(placeName({ ...nowhere, venueName: "" })).toBeNull();
  });
});

describe("physicalPlaceName", () => {
  it("leaves an online party without a place unnamed", () => {
    expect(physicalPlaceName(atClub)).toBe("Tresor Ost");
    expect(physicalPlaceName(typedIn)).toBe("Parkbühne");
    expect(physicalPlaceName(online)).toBeNull();
  });
});

describe("placeWithAddress", () => {
  it("puts name and address on one line", () => {
    expect(placeWithAddress(atClub)).toBe("Tresor Ost, Karl-Liebknecht-Straße 1, 04107 Leipzig");
    expect(placeWithAddress(typedIn)).toBe("Parkbühne, Am Park 2");
    expect(placeWithAddress({ ...typedIn, venueAddress: null })).toBe("Parkbühne");
  });

  it("says Online for an online party without a place, and null for none", () => {
    expect(placeWithAddress(online)).toBe("Online");
    expect(placeWithAddress(nowhere)).toBeNull();
  });
});

describe("where a party is, in German", () => {
  it("uses the club's own article and preposition, else 'im'", () => {
    expect(clubPlacePhrase({ name: "Halle Neun", placePhrase: "in der Halle Neun" })).toBe(
      "in der Halle Neun",
    );
    expect(clubPlacePhrase({ name: "Conne Island", placePhrase: "" })).toBe("im Conne Island");
    expect(clubPlacePhrase({ name: "Conne Island" })).toBe("im Conne Island");
  });

  it("never writes 'im' before a typed-in place", () => {
    expect(
      placeAfterDate({
        location: { name: "Wiese am Auensee", placePhrase: "auf der Wiese am Auensee" },
        venueName: null,
      }),
    ).toBe(" auf der Wiese am Auensee");
    expect(placeAfterDate({ location: null, venueName: "Ehemaliges Straßenbahndepot" })).toBe(
      " · Ehemaliges Straßenbahndepot",
    );
    expect(placeAfterDate({ location: null, venueName: null })).toBe("");
  });
});
