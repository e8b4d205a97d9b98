import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import { LRUCache } from "lru-cache";
import type { SharedCounters } from "#server/counters/shared-counters.ts";

/**
 * A store for @fastify/rate-limit over the counters every process shares (decision 0110), so a
 * client's requests count once per site, not once per process. A window starts with a
 * client's first request, as in the plugin's own stores; the real clock counts.
 */
export function sharedRateLimitStore(
  counters: SharedCounters,
  options: {
    /** Where the global request rate is counted without Redis: the cluster's primary (one
     * counter for the box, decision 0191); default: this process's memory. */
    countRequest?: RequestCounter;
  } = {},
): FastifyRateLimitStoreCtor {
  const storeFor = (prefix: string): FastifyRateLimitStore => ({
    incr: (key, callback, timeWindow) => {
      const now = new Date();
      counters.increment(`${prefix}${key}`, { windowMs: timeWindow, now, slide: false }).then(
        (state) =>
          callback(null, {
            current: state.count,
            ttl: Math.max(0, state.expiresAt.getTime() - now.getTime()),
          }),
        (error: Error) => callback(error),
      );
    },
    child: (routeOptions) => {
      const route = (routeOptions as { routeInfo?: { method?: string; url?: string } }).routeInfo;
      return storeFor(`${prefix}${route?.method ?? ""}${route?.url ?? ""}:`);
    },
  });
  const shared = storeFor("rate:");
  // The global request rate is shared only where a hit is cheap (Redis); in the database table it
  // would cost a write per request, so it is counted in memory (decision 0110): by the cluster's
  // primary for all its workers (decision 0191), else by this process. Route limits and attempt
  // limits (the children) are rare and always shared.
  const root: FastifyRateLimitStore = counters.countsEveryRequest
    ? shared
    : { incr: incrWith(options.countRequest ?? countInMemory()), child: shared.child };
  return class {
    constructor() {
      return root;
    }
  } as unknown as FastifyRateLimitStoreCtor;
}

/** Counts one request of `key` in its window: the count so far and the milliseconds left. */
export type RequestCounter = (
  key: string,
  windowMs: number,
) => { current: number; ttl: number } | Promise<{ current: number; ttl: number }>;

function incrWith(count: RequestCounter): FastifyRateLimitStore["incr"] {
  return (key, callback, timeWindow) => {
    let state: ReturnType<RequestCounter>;
    try {
      state = count(key, timeWindow);
    } catch (error) {
      return callback(error as Error);
    }
    if (state instanceof Promise) {
      state.then(
        (counted) => callback(null, counted),
        (error: Error) => callback(error),
      );
    } else {
      callback(null, state);
    }
  };
}

/** A fixed window per key, started by its first hit, in this process; bounded in entries. */
export function countInMemory(): (
  key: string,
  windowMs: number,
) => { current: number; ttl: number } {
  const windows = new LRUCache<string, { count: number; endsAt: number }>({ max: 100_000 });
  return (key, windowMs) => {
    const now = Date.now();
    let window = windows.get(key);
    if (!window || window.endsAt <= now) {
      window = { count: 0, endsAt: now + windowMs };
      windows.set(key, window);
    }
    window.count += 1;
    return { current: window.count, ttl: window.endsAt - now };
  };
}
