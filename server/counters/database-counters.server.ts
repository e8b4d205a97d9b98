import { and, eq, gt, lte, sql } from "drizzle-orm";
import type { Database } from "#server/db/client.server.ts";
import { sharedCounters } from "#server/db/schema/shared-counters.ts";
import type { SharedCounters } from "./shared-counters.ts";

/**
 * Shared counters in the `shared_counters` table: one `INSERT … ON CONFLICT … DO UPDATE …
 * RETURNING` per hit, so processes on the same database count together without a lock.
 */
export function createDatabaseCounters(db: Database): SharedCounters {
  return {
    increment: async (key, { windowMs, now, slide }) => {
      const expiresAt = new Date(now.getTime() + windowMs);
      const ended = sql`${sharedCounters.expiresAt} <= ${now.toISOString()}`;
      const [row] = await db
        .insert(sharedCounters)
        .values({ key, count: 1, lastAt: now, expiresAt })
        .onConflictDoUpdate({
          target: sharedCounters.key,
          set: {
            count: sql`case when ${ended} then 1 else ${sharedCounters.count} + 1 end`,
            lastAt: now,
            expiresAt: slide
              ? expiresAt
              : sql`case when ${ended} then excluded.expires_at else ${sharedCounters.expiresAt} end`,
          },
        })
        .returning({
          count: sharedCounters.count,
          lastAt: sharedCounters.lastAt,
          expiresAt: sharedCounters.expiresAt,
        });
      return row!;
    },
    read: async (key, now) => {
      const [row] = await db
        .select({
          count: sharedCounters.count,
          lastAt: sharedCounters.lastAt,
          expiresAt: sharedCounters.expiresAt,
        })
        .from(sharedCounters)
        .where(and(eq(sharedCounters.key, key), gt(sharedCounters.expiresAt, now)));
      return row;
    },
    remove: async (key) => {
      await db.delete(sharedCounters).where(eq(sharedCounters.key, key));
    },
    sweep: async (now) => {
      await db.delete(sharedCounters).where(lte(sharedCounters.expiresAt, now));
    },
    close: async () => {},
    countsEveryRequest: false,
  };
}
