import { Redis } from "ioredis";
import type { CounterState, SharedCounters } from "./shared-counters.ts";

/**
 * One hit, atomically: a hash per key holds count, last and expires (milliseconds on the
 * caller's clock, so tests that move the domain's clock behave as with the database). Redis's
 * own expiry only collects keys whose window is long over.
 */
const incrementScript = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local slide = ARGV[3] == '1'
local state = redis.call('HMGET', KEYS[1], 'count', 'expires')
local count = tonumber(state[1]) or 0
local expires = tonumber(state[2]) or 0
if expires <= now then
  count = 0
  expires = now + window
end
count = count + 1
if slide then expires = now + window end
redis.call('HSET', KEYS[1], 'count', count, 'last', now, 'expires', expires)
redis.call('PEXPIRE', KEYS[1], window)
return {count, tostring(expires)}
`;

/**
 * One hit unless the counter makes it wait (ARGV[4…]: the wait in milliseconds after the last
 * hit for a counter at 0, 1, … hits; the last entry for any higher count): answers '0' when
 * counted, else the milliseconds left. One script, so hits that arrive together queue.
 */
const incrementUnlessWaitingScript = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local slide = ARGV[3] == '1'
local state = redis.call('HMGET', KEYS[1], 'count', 'last', 'expires')
local count = tonumber(state[1]) or 0
local last = tonumber(state[2]) or 0
local expires = tonumber(state[3]) or 0
if expires <= now then
  count = 0
  last = 0
  expires = now + window
end
local wait = tonumber(ARGV[4 + math.min(count, #ARGV - 4)])
if wait > 0 and last + wait > now then
  return tostring(last + wait - now)
end
count = count + 1
if slide then expires = now + window end
redis.call('HSET', KEYS[1], 'count', count, 'last', now, 'expires', expires)
redis.call('PEXPIRE', KEYS[1], window)
return '0'
`;

/** Shared counters in Redis (REDIS_URL), under `prefix`. */
export function createRedisCounters(url: string, prefix: string): SharedCounters {
  const redis = new Redis(url, { maxRetriesPerRequest: 2 });
  redis.on("error", () => {
    // A lost connection is retried by ioredis; the commands that failed reject on their own.
  });
  return {
    increment: async (key, { windowMs, now, slide }) => {
      // EVAL runs the cached script; Redis compiles it once.
      const [count, expires] = (await redis.eval(
        incrementScript,
        1,
        prefix + key,
        now.getTime(),
        windowMs,
        slide ? "1" : "0",
      )) as [number, string];
      return { count, lastAt: now, expiresAt: new Date(Number(expires)) };
    },
    incrementUnlessWaiting: async (key, { windowMs, now, slide, waitsMs }) => {
      const waitMs = (await redis.eval(
        incrementUnlessWaitingScript,
        1,
        prefix + key,
        now.getTime(),
        windowMs,
        slide ? "1" : "0",
        ...waitsMs,
      )) as string;
      return Number(waitMs);
    },
    read: async (key, now) => {
      const [count, last, expires] = await redis.hmget(prefix + key, "count", "last", "expires");
      if (count === null || last === null || expires === null) return undefined;
      const state: CounterState = {
        count: Number(count),
        lastAt: new Date(Number(last)),
        expiresAt: new Date(Number(expires)),
      };
      return state.expiresAt > now ? state : undefined;
    },
    remove: async (key) => {
      await redis.del(prefix + key);
    },
    sweep: async () => {},
    countsEveryRequest: true,
    close: async () => {
      await redis.quit();
    },
  };
}
