import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import { LRUCache } from "lru-cache";
import type { SharedCounters } from "#server/counters/shared-counters.ts";

/**
 * A store for @fastify/rate-limit over the counters every process shares (decision 0110), so a
 * client's requests count once per site, not once per process. A window starts with a
 * client's first request, as in the plugin's own stores; the real clock counts.
 */
export function sharedRateLimitStore(counters: SharedCounters): FastifyRateLimitStoreCtor {
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
  // would cost a write per request, so each process counts it in memory (decision 0110). Route
  // limits and attempt limits (the children) are rare and always shared.
  const root: FastifyRateLimitStore = counters.countsEveryRequest
    ? shared
    : { incr: countInMemory(), child: shared.child };
  return class {
    constructor() {
      return root;
    }
  } as unknown as FastifyRateLimitStoreCtor;
}

/** A fixed window per key, started by its first hit, for one process; bounded in entries. */
function countInMemory(): FastifyRateLimitStore["incr"] {
  const windows = new LRUCache<string, { count: number; endsAt: number }>({ max: 100_000 });
  return (key, callback, timeWindow) => {
    const now = Date.now();
    let window = windows.get(key);
    if (!window || window.endsAt <= now) {
      window = { count: 0, endsAt: now + timeWindow };
      windows.set(key, window);
    }
    window.count += 1;
    callback(null, { current: window.count, ttl: window.endsAt - now });
  };
}
