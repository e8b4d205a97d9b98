import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { EVENTS_PER_LATER_NIGHT } from "#common/constants.ts";
import { createTestContext, type TestContext } from "#tests/setup/test-database.ts";
import { createEvent } from "#tests/factories/catalog.ts";
import { events } from "#server/db/schema/events.ts";
import { listPartyNights, nextNightWithParties } from "./party-nights.server.ts";

let ctx: TestContext;
const PARTIES_PER_NIGHT = EVENTS_PER_LATER_NIGHT + 4;

beforeAll(async () => {
  // The test clock stands on Friday 2026-11-20, 21:00 in Berlin.
  ctx = await createTestContext();
  for (const day of ["2026-11-20", "2026-11-21", "2026-11-22"]) {
    for (let index = 0; index < PARTIES_PER_NIGHT; index++) {
      await createEvent(ctx.deps, { title: `Nacht ${day} ${index}`, startsAt: `${day}T22:00:00Z` });
    }
  }
});

afterAll(async () => {
  await ctx?.close();
});

it("shows a page's first night fully and the first parties of each further night", async () => {
  const page = await listPartyNights(ctx.deps, {}, { page: 1, pageSize: 4 });
  expect(page.items.map((night) => [night.night, night.count, night.events.length])).toEqual([
    ["2026-11-20", PARTIES_PER_NIGHT, PARTIES_PER_NIGHT],
    ["2026-11-21", PARTIES_PER_NIGHT, EVENTS_PER_LATER_NIGHT],
    ["2026-11-22", PARTIES_PER_NIGHT, EVENTS_PER_LATER_NIGHT],
  ]);

  // The first night of a later page is its first night.
  const second = await listPartyNights(ctx.deps, {}, { page: 2, pageSize: 1 });
  expect(second.items[0]!.events).toHaveLength(PARTIES_PER_NIGHT);
});

it("offers the next night with parties after an empty period, or none", async () => {
  expect(await nextNightWithParties(ctx.deps, {}, "2026-11-20")).toBe("2026-11-21");
  expect(await nextNightWithParties(ctx.deps, {}, "2026-11-19")).toBe("2026-11-20");
  expect(await nextNightWithParties(ctx.deps, {}, "2026-11-22")).toBeNull();
  expect(
    await nextNightWithParties(ctx.deps, { search: "keine solche party" }, "2026-11-19"),
  ).toBeNull();
});

it("ranks kept cards by the clock of each request: a top event falls back once its time is up", async () => {
  const lastOfSaturday = "Nacht 2026-11-21 " + String(PARTIES_PER_NIGHT - 1);
  await ctx.deps.db
    .update(events)
    .set({ topUntil: new Date("2026-11-21T22:00:00Z") })
    .where(eq(events.title, lastOfSaturday));
  const saturday = async () => {
    const page = await listPartyNights(
      ctx.deps,
      { dateFrom: "2026-11-20" },
      { page: 1, pageSize: 4 },
    );
    return page.items[1]!.events.map((event) => [event.title, event.isTop]);
  };

  const whileTop = await saturday();
  expect(whileTop).toHaveLength(EVENTS_PER_LATER_NIGHT);
  expect(whileTop[0]).toEqual([lastOfSaturday, true]);

  // The same content, later: no longer top, so no longer among the first by start.
  ctx.setNow("2026-11-21T22:30:00Z");
  try {
    const after = await saturday();
    expect(after).toHaveLength(EVENTS_PER_LATER_NIGHT);
    expect(after.map(([title]) => title)).not.toContain(lastOfSaturday);
    expect(after.every(([, isTop]) => isTop === false)).toBe(true);
    // And back (a clock set back reads afresh): top again.
    ctx.setNow("2026-11-20T20:00:00Z");
    expect((await saturday())[0]).toEqual([lastOfSaturday, true]);
  } finally {
    ctx.setNow("2026-11-20T20:00:00Z");
  }
});
