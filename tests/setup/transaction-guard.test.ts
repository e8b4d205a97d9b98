import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database, DatabaseHandle } from "#server/db/client.server.ts";
import { queryRows } from "#server/db/query-rows.server.ts";
import { createTestDatabase } from "./test-database.ts";
import { QUERY_OUTSIDE_TRANSACTION } from "./transaction-guard.ts";

// Drizzle wraps a failed query's error: the guard's is its cause.
describe("the test databases' transaction guard (decision 0256)", () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(() => handle.close());
  // The guard reports each refusal on console.error too (the setup fails a test on that).
  const reported = vi.mocked(console.error);
  afterEach(() => {
    reported.mockClear();
  });

  it("refuses a query through the pool from inside a transaction, and rolls it back", async () => {
    await handle.db.execute(sql`create table guarded (id int)`);
    await expect(
      handle.db.transaction(async (tx) => {
        await tx.execute(sql`insert into guarded values (1)`);
        await handle.db.execute(sql`select 1`);
      }),
    ).rejects.toHaveProperty("cause.message", QUERY_OUTSIDE_TRANSACTION);
    expect(reported).toHaveBeenCalledTimes(1);
    expect(await queryRows(handle.db, sql`select count(*)::int as n from guarded`)).toEqual([
      { n: 0 },
    ]);
  });

  it("refuses it after an await in a helper the transaction called", async () => {
    const helper = async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return handle.db.execute(sql`select 1`);
    };
    await expect(handle.db.transaction(async () => helper())).rejects.toHaveProperty(
      "cause.message",
      QUERY_OUTSIDE_TRANSACTION,
    );
    expect(reported).toHaveBeenCalledTimes(1);
  });

  it("lets the transaction's own queries, savepoints and queries after it through", async () => {
    const inside = await handle.db.transaction(async (tx) => {
      await tx.transaction((savepoint) => savepoint.execute(sql`select 1`));
      return queryRows(tx as Database, sql`select 2 as two`);
    });
    expect(inside).toEqual([{ two: 2 }]);
    expect(await queryRows(handle.db, sql`select 3 as three`)).toEqual([{ three: 3 }]);
    expect(reported).not.toHaveBeenCalled();
  });
});
