import type pg from "pg";
import type { Database } from "#server/db/client.server.ts";

/** One database session: a pooled connection of its own, held while the lock is. */
function openLockSession(db: Database): Promise<pg.PoolClient> {
  return (db as unknown as { $client: pg.Pool }).$client.connect();
}

/** Keys held in this process: PostgreSQL lets one session take a lock twice, we do not. */
const heldHere = new WeakMap<Database, Set<number>>();

export type LockedRun<T> = { ran: true; result: T } | { ran: false };

/**
 * Runs `run` only if no one else — another instance or this process — holds the session-level
 * advisory lock `key`; otherwise returns `{ ran: false }` at once. The lock is held on its own
 * connection for the whole run and goes with that connection if the process dies.
 */
export async function withAdvisoryLock<T>(
  db: Database,
  key: number,
  run: () => Promise<T>,
): Promise<LockedRun<T>> {
  const held = heldHere.get(db) ?? new Set<number>();
  heldHere.set(db, held);
  if (held.has(key)) return { ran: false };
  held.add(key);
  try {
    const session = await openLockSession(db);
    try {
      const { rows } = await session.query("select pg_try_advisory_lock($1) as locked", [key]);
      if (rows[0]?.locked !== true) return { ran: false };
      try {
        return { ran: true, result: await run() };
      } finally {
        await session.query("select pg_advisory_unlock($1)", [key]);
      }
    } finally {
      session.release();
    }
  } finally {
    held.delete(key);
  }
}
