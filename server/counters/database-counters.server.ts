import { and, eq, gt, lte, sql, type SQL } from "drizzle-orm";
import type { Database } from "#server/db/client.server.ts";
import { sharedCounters } from "#server/db/schema/shared-counters.ts";
import type { CounterHit, SharedCounters } from "./shared-counters.ts";

const stateColumns = {
  count: sharedCounters.count,
  lastAt: sharedCounters.lastAt,
  expiresAt: sharedCounters.expiresAt,
};

/** The row's window is over at `now`: the next hit starts it again at 1. */
const endedAt = (now: Date) => sql`${sharedCounters.expiresAt} <= ${now.toISOString()}`;

/** One hit as an upsert; a `setWhere` that is false for the locked row leaves it uncounted. */
function upsertHit(
  db: Database,
  key: string,
  { windowMs, now, slide }: CounterHit,
  setWhere?: SQL,
) {
  const expiresAt = new Date(now.getTime() + windowMs);
  const ended = endedAt(now);
  return db
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
      ...(setWhere ? { setWhere } : {}),
    })
    .returning(stateColumns);
}

/**
 * Shared counters in the `shared_counters` table: one `INSERT … ON CONFLICT … DO UPDATE …
 * RETURNING` per hit, so processes on the same database count together without a lock of
 * their own (the upsert locks the row it updates).
 */
export function createDatabaseCounters(db: Database): SharedCounters {
  const read: SharedCounters["read"] = async (key, now) => {
    const [row] = await db
      .select(stateColumns)
      .from(sharedCounters)
      .where(and(eq(sharedCounters.key, key), gt(sharedCounters.expiresAt, now)));
    return row;
  };

  return {
    increment: async (key, hit) => {
      const [row] = await upsertHit(db, key, hit);
      return row!;
    },
    incrementUnlessWaiting: async (key, { waitsMs, ...hit }) => {
      // The wait the locked row imposes, in milliseconds (SQL arrays count from 1).
      const waits = sql.join(
        waitsMs.map((ms) => sql`${ms}::integer`),
        sql`, `,
      );
      const wait = sql`(array[${waits}])[least(${sharedCounters.count}, ${waitsMs.length - 1}) + 1]`;
      const [counted] = await upsertHit(
        db,
        key,
        hit,
        sql`${endedAt(hit.now)} or ${wait} = 0
          or ${sharedCounters.lastAt} + ${wait} * interval '1 millisecond' <= ${hit.now.toISOString()}`,
      );
      if (counted) return 0;
      const state = await read(key, hit.now);
      const waitMs = state
        ? state.lastAt.getTime() +
          waitsMs[Math.min(state.count, waitsMs.length - 1)]! -
          hit.now.getTime()
        : 0;
      // A refused hit never answers 0, even if its wait ended since.
      return Math.max(1, waitMs);
    },
    read,
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
