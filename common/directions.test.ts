import { describe, expect, it } from "vitest";
import {
  clubMapPlace,
  mapPlatformOf,
  osmEmbedUrl,
  routeUrl,
  venueMapPlace,
  walkingRouteUrl,
} from "./directions.ts";

const club = clubMapPlace({
  name: "Distillery",
  lat: 51.3197,
  lng: 12.3726,
  address: "Kurt-Eisner-Str. 108a",
  postcode: "04275",
  city: "Leipzig",
});

describe("the Route link", () => {
  it("opens Apple Maps on iOS, a geo: URI on Android, OpenStreetMap elsewhere", () => {
    expect(routeUrl(club, "ios")).toBe(
      "https://maps.apple.com/?daddr=51.3197,12.3726&q=Distillery",
    );
    expect(routeUrl(club, "android")).toBe("geo:51.3197,12.3726?q=51.3197,12.3726(Distillery)");
    expect(routeUrl(club, "other")).toBe(
      "https://www.openstreetmap.org/directions?to=51.3197,12.3726#map=16/51.3197/12.3726",
    );
  });

  it("falls back to the address without coordinates", () => {
    const place = { ...club, lat: null, lng: null };
    expect(routeUrl(place, "android")).toBe(
      `geo:0,0?q=${encodeURIComponent("Distillery, Kurt-Eisner-Str. 108a, 04275 Leipzig")}`,
    );
  });

  it("finds a place typed in for one party by its address alone, on every platform", () => {
    const place = venueMapPlace({
      venueName: "Wiese am Auensee",
      venueAddress: "Gustav-Esche-Str. 5, 04159 Leipzig",
    })!;
    expect(place).toMatchObject({ name: "Wiese am Auensee", lat: null, lng: null });
    const address = encodeURIComponent("Gustav-Esche-Str. 5, 04159 Leipzig");
    expect(routeUrl(place, "ios")).toBe(`https://maps.apple.com/?daddr=${address}`);
    expect(routeUrl(place, "android")).toBe(`geo:0,0?q=${address}`);
    expect(routeUrl(place, "other")).toBe(`https://www.openstreetmap.org/search?query=${address}`);
  });

  it("has no place without an address", () => {
    expect(venueMapPlace({ venueName: "Twitch", venueAddress: null })).toBeNull();
    expect(venueMapPlace({ venueName: "Irgendwo", venueAddress: "  " })).toBeNull();
  });

  it("links the walk from one club to the next, on foot where the app takes a start", () => {
    const from = { ...club, lat: 51.3225, lng: 12.3745 };
    const to = { ...club, name: "Conne Island", lat: 51.3175, lng: 12.3838 };
    expect(walkingRouteUrl(from, to, "ios")).toBe(
      "https://maps.apple.com/?saddr=51.3225,12.3745&daddr=51.3175,12.3838&dirflg=w",
    );
    expect(walkingRouteUrl(from, to, "other")).toBe(
      "https://www.openstreetmap.org/directions?engine=fossgis_osrm_foot&route=51.3225,12.3745%3B51.3175,12.3838",
    );
    expect(walkingRouteUrl(from, to, "android")).toBe(routeUrl(to, "android"));
    const nowhere = { ...to, lat: null, lng: null };
    expect(walkingRouteUrl(from, nowhere, "other")).toBe(routeUrl(nowhere, "other"));
  });

  it("tells the platforms apart by the user agent", () => {
    expect(mapPlatformOf("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)")).toBe("ios");
    expect(mapPlatformOf("Mozilla/5.0 (Linux; Android 14; Pixel 8)")).toBe("android");
    expect(mapPlatformOf("Mozilla/5.0 (X11; Linux x86_64)")).toBe("other");
  });

  it("embeds OpenStreetMap around the club with a marker", () => {
    expect(osmEmbedUrl(51.3197, 12.3726)).toBe(
      "https://www.openstreetmap.org/export/embed.html?bbox=12.36660,51.31620,12.37860,51.32320&layer=mapnik&marker=51.3197,12.3726",
    );
  });
});
