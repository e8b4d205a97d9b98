import type { Config } from "#server/config.ts";
import type { Database } from "#server/db/client.server.ts";
import { createDatabaseCounters } from "./database-counters.server.ts";
import { createRedisCounters } from "./redis-counters.server.ts";
import type { SharedCounters } from "./shared-counters.ts";

/** Where the site's processes count together: Redis when REDIS_URL is set, else the database. */
export function createSharedCounters(
  config: Config,
  db: Database,
  redisPrefix = "clubkalender:",
): SharedCounters {
  return config.redisUrl
    ? createRedisCounters(config.redisUrl, redisPrefix)
    : createDatabaseCounters(db);
}
