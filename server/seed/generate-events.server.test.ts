import { and, count, eq, gt, notExists, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestContext, type TestContext } from "#tests/setup/test-database.ts";
import { pendingDemoPictures } from "#server/db/schema/demo-pictures.ts";
import { eventGenres, events } from "#server/db/schema/events.ts";
import { queryRows } from "#server/db/query-rows.server.ts";
import { generateEvents } from "./generate-events.server.ts";
import { seedDemoDataPicturesLater } from "./seed-demo.server.ts";

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx.close();
});

// On the demo catalogue without its pictures: drawing them (decision 0204) is not what this tests.
it("adds exactly the requested events, each with genres", { timeout: 180_000 }, async () => {
  const { db } = ctx.deps;
  await seedDemoDataPicturesLater(ctx.deps);
  const [{ maxId } = { maxId: 0 }] = await db
    .select({ maxId: sql<number>`coalesce(max(${events.id}), 0)::int` })
    .from(events);
  const before = (await db.select({ n: count() }).from(events))[0]!.n;

  expect(await generateEvents(ctx.deps, 5_000, { seed: 7 })).toBe(5_000);

  const after = (await db.select({ n: count() }).from(events))[0]!.n;
  expect(after - before).toBe(5_000);
  const added = await db
    .select({
      n: count(),
      published: sql<number>`count(*) filter (where status = 'published')::int`,
    })
    .from(events)
    .where(gt(events.id, maxId));
  expect(added[0]).toEqual({ n: 5_000, published: 5_000 });
  const [withoutGenre] = await db
    .select({ n: count() })
    .from(events)
    .where(
      and(
        gt(events.id, maxId),
        notExists(
          db
            .select({ one: sql`1` })
            .from(eventGenres)
            .where(eq(eventGenres.eventId, events.id)),
        ),
      ),
    );
  expect(withoutGenre!.n).toBe(0);
  // Vacuumed and analysed, as a database that has run a while: not left to autovacuum.
  const statistics = await queryRows<{ vacuumed: boolean; analysed: boolean }>(
    db,
    sql`select last_vacuum is not null as vacuumed, last_analyze is not null as analysed
        from pg_stat_user_tables where relname = 'events'`,
  );
  expect(statistics).toEqual([{ vacuumed: true, analysed: true }]);
});

// The catalogue's pictures are left for the site to draw once it answers (decision 0204).
it("seeds the demo catalogue itself when the database is empty, its pictures pending", async () => {
  const fresh = await createTestContext();
  try {
    expect(await generateEvents(fresh.deps, 10)).toBe(10);
    const [row] = await fresh.deps.db.select({ n: count() }).from(events);
    expect(row!.n).toBe(310);
    const [pending] = await fresh.deps.db.select({ n: count() }).from(pendingDemoPictures);
    expect(pending!.n).toBeGreaterThan(300);
  } finally {
    await fresh.close();
  }
});
