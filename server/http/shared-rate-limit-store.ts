import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
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
  return class {
    constructor() {
      return storeFor("rate:");
    }
  } as unknown as FastifyRateLimitStoreCtor;
}
