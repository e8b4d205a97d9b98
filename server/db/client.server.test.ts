import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase } from "#tests/setup/test-database.ts";
import type { DatabaseHandle } from "./client.server.ts";

// The one driver path (node-postgres pools) against the test run's PostgreSQL.
let handle: DatabaseHandle;
let pool: pg.Pool;

beforeAll(async () => {
  handle = await createTestDatabase();
  pool = (handle.db as unknown as { $client: pg.Pool }).$client;
  await pool.query("create table concurrency_probe (id integer primary key, owner text)");
});

afterAll(async () => {
  await handle.close();
});

/** Holds `count` connections of the pool at once. */
async function connections(count: number): Promise<pg.PoolClient[]> {
  return Promise.all(Array.from({ length: count }, () => pool.connect()));
}

it("answers every connection's parameterised queries with its own rows when they overlap", async () => {
  const held = await connections(6);
  try {
    // Parse/Bind/Execute/Sync batches from six connections at once, 10 rounds each; the even
    // ones bind a large value, so their batch reaches the server in several reads.
    const rounds = await Promise.all(
      held.map(async (connection, index) => {
        const answers: string[] = [];
        for (let round = 0; round < 10; round++) {
          const { rows } =
            index % 2 === 0
              ? await connection.query<{ answer: string }>(
                  "select $1::text || '-' || length($2::text) as answer",
                  [`c${index}`, "x".repeat(200_000 + round)],
                )
              : await connection.query<{ answer: string }>(
                  "select format('%s-%s', $1::text, $2::int) as answer, $3::int as unused",
                  [`c${index}`, round, round],
                );
          answers.push(rows[0]!.answer);
        }
        return answers;
      }),
    );
    rounds.forEach((answers, index) => {
      const expected = Array.from({ length: 10 }, (_, round) =>
        index % 2 === 0 ? `c${index}-${200_000 + round}` : `c${index}-${round}`,
      );
      expect(answers).toEqual(expected);
    });
  } finally {
    held.forEach((connection) => connection.release());
  }
});

it("keeps two concurrent transactions apart: one rolls back, the other commits", async () => {
  const [first, second, reader] = await connections(3);
  try {
    await first!.query("begin");
    await first!.query("insert into concurrency_probe values (1, 'first')");
    const secondDone = (async () => {
      await second!.query("begin");
      await second!.query("insert into concurrency_probe values ($1, $2)", [2, "second"]);
      await second!.query("commit");
    })();
    const seen = reader!.query<{ owners: string[] | null }>(
      "select array_agg(owner order by id) as owners from concurrency_probe",
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(
      (
        await first!.query<{ owners: string[] }>(
          "select array_agg(owner) as owners from concurrency_probe",
        )
      ).rows[0]!.owners,
    ).toContain("first");
    await first!.query("rollback");
    await secondDone;
    // The reader never sees the rolled-back row.
    expect((await seen).rows[0]!.owners ?? []).not.toContain("first");
    const { rows } = await pool.query("select id, owner from concurrency_probe order by id");
    expect(rows).toEqual([{ id: 2, owner: "second" }]);
  } finally {
    first!.release();
    second!.release();
    reader!.release();
    await pool.query("delete from concurrency_probe");
  }
});

it("rolls back the transaction of a connection that goes away, and serves the others on", async () => {
  const config = pool.options as pg.PoolConfig;
  const lost = new pg.Client({ ...config });
  await lost.connect();
  await lost.query("begin");
  await lost.query("insert into concurrency_probe values (3, 'lost')");
  const waiting = pool.query<{ count: number }>(
    "select count(*)::int as count from concurrency_probe",
  );
  await lost.end();
  expect((await waiting).rows[0]!.count).toBe(0);
  expect((await pool.query("select count(*)::int as count from concurrency_probe")).rows).toEqual([
    { count: 0 },
  ]);
});

it("applies the search threshold on every pooled connection and has pg_trgm and unaccent", async () => {
  const held = await connections(4);
  try {
    const thresholds = await Promise.all(
      held.map(async (connection) => {
        const { rows } = await connection.query<{ threshold: string }>(
          "select current_setting('pg_trgm.word_similarity_threshold') as threshold",
        );
        return rows[0]!.threshold;
      }),
    );
    expect(thresholds).toEqual(["0.5", "0.5", "0.5", "0.5"]);
    // Loaded with PGlite though no migration creates it yet.
    await held[0]!.query("create extension if not exists unaccent");
    const { rows } = await held[0]!.query<{ plain: string; matches: boolean }>(
      "select unaccent('Café Zürich') as plain, 'nerofunk' <% 'Neurofunk' as matches",
    );
    expect(rows).toEqual([{ plain: "Cafe Zurich", matches: true }]);
  } finally {
    held.forEach((connection) => connection.release());
  }
});
