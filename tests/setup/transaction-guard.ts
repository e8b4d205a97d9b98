import { AsyncLocalStorage } from "node:async_hooks";
import type pg from "pg";
import type { Database } from "#server/db/client.server.ts";

/** Set while a transaction's callback (and whatever it awaits) runs. */
const insideTransaction = new AsyncLocalStorage<true>();

export const QUERY_OUTSIDE_TRANSACTION =
  "A transaction asked the pool for a second connection (a query through `deps.db` instead of " +
  "its `tx`): in an HTTP worker's small pool such requests deadlock each other (decision 0256).";

/**
 * Test-only audit of decision 0256: once guarded, a query that a transaction's callback sends
 * through the pool instead of its own connection throws. It holds one connection while it awaits
 * a second — enough requests doing that at once wait on each other for ever in a pool of
 * DATABASE_POOL_SIZE. Every server test's database is guarded, so the suite is the audit. The site
 * does not run this: tracking async context costs a little on every promise.
 */
export function guardTransactions(db: Database): void {
  const pool = (db as unknown as { $client: pg.Pool }).$client;
  const transaction = db.transaction.bind(db);
  db.transaction = ((run, config) =>
    transaction((tx) => insideTransaction.run(true, () => run(tx)), config)) as typeof transaction;
  // pg-pool's `query` takes its connection through `connect` too.
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
  (pool as unknown as { connect: typeof connect }).connect = (...args) => {
    if (insideTransaction.getStore()) {
      const refusal = new Error(QUERY_OUTSIDE_TRANSACTION);
      // Also told where the test setup fails a test on it (console-fails-tests.ts), in case the
      // code under test catches the error and carries on.
      console.error(refusal);
      throw refusal;
    }
    return connect(...args);
  };
}
