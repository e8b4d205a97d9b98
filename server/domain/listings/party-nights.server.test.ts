import { afterAll, beforeAll, expect, it } from "vitest";
import { EVENTS_PER_LATER_NIGHT } from "#common/constants.ts";
import { createTestContext, type TestContext } from "#tests/setup/test-database.ts";
import { createEvent } from "#tests/factories/catalog.ts";
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
