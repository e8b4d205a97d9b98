import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TOP_EVENT_BADGE } from "#common/top-event-badge.ts";
import { getPublicEvent } from "#server/domain/events/public-events.server.ts";
import { createEvent } from "#tests/factories/catalog.ts";
import { createTestContext, type TestContext } from "#tests/setup/test-database.ts";
import { toEventSummaryJson } from "./event-json.ts";

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ now: "2026-11-26T11:00:00Z" });
});

afterAll(async () => {
  await ctx.close();
});

describe("a party's summary in the API", () => {
  it("carries the paid placement's mark as top_badge for a top event, null for another", async () => {
    const top = await createEvent(ctx.deps, {
      title: "Bezahlte Spitze",
      startsAt: "2026-11-27T22:00:00Z",
      topUntil: new Date("2026-11-30T00:00:00Z"),
    });
    const plain = await createEvent(ctx.deps, {
      title: "Einfach so",
      startsAt: "2026-11-27T23:00:00Z",
    });
    const json = async (id: number) => toEventSummaryJson(await getPublicEvent(ctx.deps, id));
    expect((await json(top.id)).top_badge).toBe(TOP_EVENT_BADGE);
    expect((await json(plain.id)).top_badge).toBeNull();
  });
});
