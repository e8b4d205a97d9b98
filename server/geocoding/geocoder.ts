import { LRUCache } from "lru-cache";
import { z } from "zod";
import type { Config } from "#server/config.ts";

export interface GeoPoint {
  lat: number;
  lng: number;
}

/**
 * The coordinates of addresses typed in for parties without a club page (decision 0213), from the
 * geocoding service an operator configured (GEOCODING_URL: Nominatim's search API or one that
 * answers like it). Pages never wait for it: `pointOf` answers what is known and queues an
 * address it does not know yet; the queue is asked one address at a time, at most one a second
 * (Nominatim's usage policy), and the answers are kept in memory. Without a service every
 * address stays without coordinates and nothing is sent anywhere.
 */
export interface Geocoder {
  pointOf(address: string): GeoPoint | null;
}

/** Found points are kept a month, addresses the service does not know a day, failures ten minutes. */
const FOUND_MS = 30 * 24 * 60 * 60 * 1000;
const NOT_FOUND_MS = 24 * 60 * 60 * 1000;
const FAILED_MS = 10 * 60 * 1000;
const MAX_ADDRESSES = 5_000;
const MAX_QUEUED = 500;
const REQUEST_INTERVAL_MS = 1_000;
const REQUEST_TIMEOUT_MS = 10_000;

/** Nominatim's `format=jsonv2` answer: the best match first, coordinates as decimal strings. */
const searchAnswer = z.array(
  z.object({
    lat: z.coerce.number().min(-90).max(90),
    lon: z.coerce.number().min(-180).max(180),
  }),
);

const noGeocoder: Geocoder = { pointOf: () => null };

export function createGeocoder(config: Config): Geocoder {
  const { geocodingUrl } = config;
  if (!geocodingUrl) return noGeocoder;
  const known = new LRUCache<string, { point: GeoPoint | null }>({ max: MAX_ADDRESSES });
  const queue = new Set<string>();
  let draining = false;

  async function lookUp(address: string): Promise<void> {
    const url = new URL(geocodingUrl!);
    url.searchParams.set("q", address);
    url.searchParams.set("format", "jsonv2");
    url.searchParams.set("limit", "1");
    try {
      const response = await fetch(url, {
        headers: {
          accept: "application/json",
          "accept-language": "de",
          // Nominatim asks every application to name itself.
          "user-agent": `${config.siteName} (${config.publicUrl})`,
        },
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`The geocoding service answered ${response.status}`);
      const [best] = searchAnswer.parse(await response.json());
      known.set(
        address,
        { point: best ? { lat: best.lat, lng: best.lon } : null },
        { ttl: best ? FOUND_MS : NOT_FOUND_MS },
      );
    } catch (error) {
      known.set(address, { point: null }, { ttl: FAILED_MS });
      console.warn("Geocoding an address failed:", (error as Error).message);
    }
  }

  async function drain(): Promise<void> {
    draining = true;
    try {
      for (const address of queue) {
        const started = Date.now();
        await lookUp(address);
        queue.delete(address);
        const wait = started + REQUEST_INTERVAL_MS - Date.now();
        if (wait > 0 && queue.size > 0) {
          await new Promise((resolve) => setTimeout(resolve, wait).unref());
        }
      }
    } finally {
      draining = false;
    }
  }

  return {
    pointOf(address) {
      const entry = known.get(address);
      if (entry) return entry.point;
      if (!queue.has(address) && queue.size < MAX_QUEUED) queue.add(address);
      if (!draining) void drain();
      return null;
    },
  };
}
