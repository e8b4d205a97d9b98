import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "#tests/setup/test-database.ts";
import type { DatabaseHandle } from "#server/db/client.server.ts";
import { sharedCounters } from "#server/db/schema/shared-counters.ts";
import { createDatabaseCounters } from "./database-counters.server.ts";
import { createRedisCounters } from "./redis-counters.server.ts";
import type { SharedCounters } from "./shared-counters.ts";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(async () => {
  await handle.close();
});

/** Redis runs when TEST_REDIS_URL is set; a fresh prefix keeps runs apart. */
const redisUrl = process.env.TEST_REDIS_URL;
const redisPrefix = `test-${randomBytes(6).toString("hex")}:`;
const stores: [string, () => SharedCounters][] = [
  ["the database", () => createDatabaseCounters(handle.db)],
  ...(redisUrl
    ? [
        ["Redis", () => createRedisCounters(redisUrl, redisPrefix)] as [
          string,
          () => SharedCounters,
        ],
      ]
    : []),
];

const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 20, minute));

describe.each(stores)("shared counters in %s", (_name, open) => {
  let counters: SharedCounters;
  beforeAll(() => {
    counters = open();
  });
  afterAll(async () => {
    await counters.close();
  });

  it("counts hits in a window fixed by the first hit, then starts again at 1", async () => {
    const hit = (minute: number) =>
      counters.increment("fixed", { windowMs: 10 * 60_000, now: at(minute), slide: false });
    expect((await hit(0)).count).toBe(1);
    expect(await hit(5)).toEqual({ count: 2, lastAt: at(5), expiresAt: at(10) });
    expect((await counters.read("fixed", at(9)))?.count).toBe(2);
    expect(await counters.read("fixed", at(10))).toBeUndefined();
    expect(await hit(10)).toEqual({ count: 1, lastAt: at(10), expiresAt: at(20) });
  });

  it("moves the end of a sliding window with every hit, and forgets a removed counter", async () => {
    const hit = (minute: number) =>
      counters.increment("sliding", { windowMs: 10 * 60_000, now: at(minute), slide: true });
    await hit(0);
    await hit(8);
    expect(await hit(16)).toEqual({ count: 3, lastAt: at(16), expiresAt: at(26) });
    await counters.remove("sliding");
    expect(await counters.read("sliding", at(16))).toBeUndefined();
  });

  it("counts a waiting hit only once its wait is over, measured from the last counted hit", async () => {
    const hit = (minute: number) =>
      counters.incrementUnlessWaiting("waiting", {
        windowMs: 60 * 60_000,
        now: at(minute),
        slide: true,
        waitsMs: [0, 0, 5 * 60_000, 10 * 60_000],
      });
    expect([await hit(0), await hit(0)]).toEqual([0, 0]);
    expect(await hit(1)).toBe(4 * 60_000);
    expect(await hit(5)).toBe(0);
    expect(await hit(5)).toBe(10 * 60_000);
    expect(await hit(15)).toBe(0);
    // The last entry holds for any higher count.
    expect(await hit(20)).toBe(5 * 60_000);
    expect((await counters.read("waiting", at(20)))?.count).toBe(4);
    // An ended window starts again with the first, free hit.
    expect(await hit(90)).toBe(0);
    expect((await counters.read("waiting", at(90)))?.count).toBe(1);
  });

  it("lets only the free hits through when hits from two processes arrive at once", async () => {
    const other = open();
    try {
      const hits = Array.from({ length: 40 }, (_, index) =>
        (index % 2 ? other : counters).incrementUnlessWaiting("crowded", {
          windowMs: 60_000,
          now: at(0),
          slide: true,
          waitsMs: [0, 0, 0, 30_000],
        }),
      );
      const waits = await Promise.all(hits);
      expect(waits.filter((wait) => wait === 0)).toHaveLength(3);
      expect(waits.filter((wait) => wait === 30_000)).toHaveLength(37);
      expect((await counters.read("crowded", at(0)))?.count).toBe(3);
    } finally {
      await other.close();
    }
  });

  it("counts hits from two processes at once together", async () => {
    const other = open();
    try {
      const hits = Array.from({ length: 20 }, (_, index) =>
        (index % 2 ? other : counters).increment("together", {
          windowMs: 60_000,
          now: at(0),
          slide: false,
        }),
      );
      const counts = (await Promise.all(hits)).map((state) => state.count);
      expect(counts.toSorted((a, b) => a - b)).toEqual(
        Array.from({ length: 20 }, (_, index) => index + 1),
      );
    } finally {
      await other.close();
    }
  });
});

describe("sweeping the database's counters", () => {
  it("deletes the counters whose window has ended and keeps the others", async () => {
    const counters = createDatabaseCounters(handle.db);
    await counters.increment("ended", { windowMs: 60_000, now: at(0), slide: false });
    await counters.increment("running", { windowMs: 60 * 60_000, now: at(0), slide: false });
    await counters.sweep(at(30));
    const rows = await handle.db.select({ key: sharedCounters.key }).from(sharedCounters);
    const keys = rows.map((row) => row.key);
    expect(keys).toContain("running");
    expect(keys).not.toContain("ended");
  });
});
