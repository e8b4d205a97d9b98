import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createGeocoder } from "#server/geocoding/geocoder.ts";
import { createClub } from "#tests/factories/catalog.ts";
import { createTestConfig, createTestContext } from "#tests/setup/test-database.ts";
import { getClub } from "./clubs.server.ts";
import { partyGettingThere } from "./getting-there.server.ts";

/**
 * "Anfahrt" for every address (decision 0213): a club's place, or the place typed in for a party
 * with its address — with coordinates only from a geocoding service the operator configured,
 * asked in the background, one address at a time, each once.
 */

const found = "Gustav-Esche-Str. 5, 04159 Leipzig";
const unknown = "Hinterm Mond 7, 04000 Nirgendwo";
const failing = "Kaputtweg 1, 04109 Leipzig";

/** A stand-in for Nominatim's search API that records what it was asked. */
const requests: { url: URL; userAgent: string | undefined }[] = [];
let open = 0;
let mostOpenAtOnce = 0;
let service: Server;
let serviceUrl: string;

beforeAll(async () => {
  service = createServer((request, response) => {
    const url = new URL(request.url!, "http://localhost");
    requests.push({ url, userAgent: request.headers["user-agent"] });
    open += 1;
    mostOpenAtOnce = Math.max(mostOpenAtOnce, open);
    const query = url.searchParams.get("q");
    const answer = query === found ? [{ lat: "51.3615", lon: "12.3301" }] : [];
    // Answered on the next turn, so overlapping requests would show.
    setImmediate(() => {
      open -= 1;
      response.statusCode = query === failing ? 502 : 200;
      response.setHeader("content-type", "application/json");
      response.end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => service.listen(0, "127.0.0.1", resolve));
  serviceUrl = `http://127.0.0.1:${(service.address() as AddressInfo).port}/search?countrycodes=de`;
});

afterAll(async () => {
  await new Promise((resolve) => service.close(resolve));
});

const venue = (venueAddress: string | null) => ({ venueName: "Wiese am Auensee", venueAddress });
const asked = (address: string) =>
  requests.filter((request) => request.url.searchParams.get("q") === address);

describe("a party at a place without a club page", () => {
  it("gets the Route link by its address, and no coordinates without a service", () => {
    const geocoder = createGeocoder(createTestConfig());
    expect(partyGettingThere({ geocoder }, null, venue(found))).toEqual({
      place: { name: "Wiese am Auensee", lat: null, lng: null, address: found, search: found },
      transitNote: "",
    });
    expect(requests).toEqual([]);
  });

  it("gets the coordinates the configured service finds, looked up in the background", async () => {
    const geocoder = createGeocoder(createTestConfig({ GEOCODING_URL: serviceUrl }));
    // The first page does not wait for the service.
    expect(partyGettingThere({ geocoder }, null, venue(found))?.place.lat).toBeNull();
    await expect
      .poll(() => partyGettingThere({ geocoder }, null, venue(found))?.place)
      .toMatchObject({ lat: 51.3615, lng: 12.3301, address: found });
    const [request] = asked(found);
    expect(Object.fromEntries(request!.url.searchParams)).toEqual({
      countrycodes: "de",
      q: found,
      format: "jsonv2",
      limit: "1",
    });
    expect(request!.userAgent).toBe("Clubkalender (http://localhost:3000)");
  });

  it("asks for each address once and one at a time, and keeps an unknown one without a map", async () => {
    const geocoder = createGeocoder(createTestConfig({ GEOCODING_URL: serviceUrl }));
    for (let view = 0; view < 3; view += 1) {
      geocoder.pointOf(unknown);
      geocoder.pointOf(found);
    }
    await expect.poll(() => geocoder.pointOf(found)).not.toBeNull();
    expect(geocoder.pointOf(unknown)).toBeNull();
    expect(asked(unknown)).toHaveLength(1);
    expect(asked(found)).toHaveLength(2); // once for this geocoder, once for the one before
    expect(mostOpenAtOnce).toBe(1);
  });

  it("stays without a map while the service fails, and says so in the log", async () => {
    const warnings = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      const geocoder = createGeocoder(createTestConfig({ GEOCODING_URL: serviceUrl }));
      geocoder.pointOf(failing);
      await expect.poll(() => warnings.mock.calls.length).toBe(1);
      expect(geocoder.pointOf(failing)).toBeNull();
      expect(String(warnings.mock.calls[0])).toContain("502");
      // Not asked again at once: the failure is kept for a while.
      expect(asked(failing)).toHaveLength(1);
    } finally {
      warnings.mockRestore();
    }
  });

  it("has no Anfahrt without an address", () => {
    const geocoder = createGeocoder(createTestConfig({ GEOCODING_URL: serviceUrl }));
    expect(partyGettingThere({ geocoder }, null, venue(null))).toBeNull();
    expect(partyGettingThere({ geocoder }, null, venue("  "))).toBeNull();
  });
});

describe("a party in a club", () => {
  it("gets the club's place and its transit note, never geocoded", async () => {
    const ctx = await createTestContext({ config: { GEOCODING_URL: serviceUrl } });
    try {
      const club = await getClub(ctx.deps, (await createClub(ctx.deps, { name: "Distillery" })).id);
      const before = requests.length;
      expect(partyGettingThere(ctx.deps, club, venue(null))).toEqual({
        place: {
          name: "Distillery",
          lat: 51.33,
          lng: 12.37,
          address: "Karl-Liebknecht-Straße 1, 04107 Leipzig",
          search: "Distillery, Karl-Liebknecht-Straße 1, 04107 Leipzig",
        },
        transitNote: "",
      });
      expect(requests.length).toBe(before);
    } finally {
      await ctx.close();
    }
  });
});
