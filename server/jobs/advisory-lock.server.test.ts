import { afterAll, beforeAll, expect, it } from "vitest";
import { openPostgres, type DatabaseHandle } from "#server/db/client.server.ts";
import { createTestContext, type TestContext } from "#tests/setup/test-database.ts";
import { withAdvisoryLock } from "./advisory-lock.server.ts";

const KEY = 424_242;
let ctx: TestContext;
let secondInstance: DatabaseHandle;

beforeAll(async () => {
  ctx = await createTestContext();
  // A second pool on the same database stands for another app instance.
  const pool = (ctx.deps.db as unknown as { $client: { options?: { connectionString?: string } } })
    .$client;
  secondInstance = await openPostgres(pool.options!.connectionString!);
});

afterAll(async () => {
  await secondInstance.close();
  await ctx.close();
});

it("lets exactly one runner in while the lock is held, and the next one after", async () => {
  let release!: () => void;
  const holding = new Promise<void>((resolve) => (release = resolve));
  const first = withAdvisoryLock(ctx.deps.db, KEY, async () => {
    await holding;
    return "first";
  });
  await new Promise((resolve) => setTimeout(resolve, 50));

  expect(await withAdvisoryLock(ctx.deps.db, KEY, async () => "same process")).toEqual({
    ran: false,
  });
  expect(await withAdvisoryLock(secondInstance.db, KEY, async () => "other instance")).toEqual({
    ran: false,
  });

  release();
  expect(await first).toEqual({ ran: true, result: "first" });
  expect(await withAdvisoryLock(ctx.deps.db, KEY, async () => "later")).toEqual({
    ran: true,
    result: "later",
  });
  expect(await withAdvisoryLock(secondInstance.db, KEY, async () => "other")).toEqual({
    ran: true,
    result: "other",
  });
});
