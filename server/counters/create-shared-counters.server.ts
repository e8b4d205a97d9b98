import type { Config } from "#server/config.ts";
import type { Database } from "#server/db/client.server.ts";
import { createDatabaseCounters } from "./database-counters.server.ts";
import type { SharedCounters } from "./shared-counters.ts";

/**
 * Where the site's processes count together: Redis when REDIS_URL is set, else the database. The
 * Redis client loads only then (decision 0206): a site without Redis does not read its files.
 */
export async function createSharedCounters(
  config: Config,
  db: Database,
  redisPrefix = "clubkalender:",
): Promise<SharedCounters> {
  if (!config.redisUrl) return createDatabaseCounters(db);
  const { createRedisCounters } = await import("./redis-counters.server.ts");
  return createRedisCounters(config.redisUrl, redisPrefix);
}
