import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClub, createEvent } from "#tests/factories/catalog.ts";
import { createTestContext, type TestContext } from "#tests/setup/test-database.ts";
import { replaceLineup } from "#server/domain/lineups/lineup-store.server.ts";
import { runningNow } from "./running-now.server.ts";

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ now: "2026-11-21T02:00:00Z" });
  const club = await createClub(ctx.deps, { name: "Distillery" });
  const at = (iso: string) => new Date(iso);
  // Friday night, until Saturday 06:00 (Berlin), with a line-up.
  const friday = await createEvent(ctx.deps, {
    title: "Freitagsnacht",
    startsAt: "2026-11-20T22:00:00Z",
    endsAt: at("2026-11-21T05:00:00Z"),
    locationId: club.id,
  });
  await replaceLineup(ctx.deps.db, friday.id, [
    {
      artistName: "Nachteule",
      floor: "Main",
      startsAt: at("2026-11-20T22:00:00Z"),
      endsAt: at("2026-11-21T01:30:00Z"),
    },
    {
      artistName: "Ellen Allien",
      floor: "Main",
      startsAt: at("2026-11-21T01:30:00Z"),
      endsAt: at("2026-11-21T03:30:00Z"),
    },
  ]);
  // An afterhour from Saturday 05:00 to 14:00, and one from Friday 20:00 to Saturday 04:00.
  await createEvent(ctx.deps, {
    title: "Afterhour",
    startsAt: "2026-11-21T04:00:00Z",
    endsAt: at("2026-11-21T13:00:00Z"),
    locationId: club.id,
  });
  await createEvent(ctx.deps, {
    title: "Früh zu Ende",
    startsAt: "2026-11-20T19:00:00Z",
    endsAt: at("2026-11-21T03:00:00Z"),
    locationId: club.id,
  });
  // Over already, not yet begun, cancelled: never "Jetzt".
  await createEvent(ctx.deps, {
    title: "Schon vorbei",
    startsAt: "2026-11-20T18:00:00Z",
    endsAt: at("2026-11-20T23:00:00Z"),
    locationId: club.id,
  });
  await createEvent(ctx.deps, {
    title: "Abgesagt",
    startsAt: "2026-11-20T22:00:00Z",
    endsAt: at("2026-11-21T05:00:00Z"),
    locationId: club.id,
    status: "cancelled",
  });
  // A Sunday day party: Sunday 14:00 to Monday 01:00.
  await createEvent(ctx.deps, {
    title: "Sonntagsgarten",
    startsAt: "2026-11-22T13:00:00Z",
    endsAt: at("2026-11-23T00:00:00Z"),
    locationId: club.id,
  });
});

afterAll(async () => {
  await ctx.close();
});

const titlesAt = async (now: string) => {
  ctx.setNow(now);
  return (await runningNow(ctx.deps))?.map((party) => party.event.title) ?? null;
};

describe("'Jetzt' on home", () => {
  it("lists Friday's parties still running at Saturday 03:00, soonest end first, with the current set", async () => {
    ctx.setNow("2026-11-21T02:00:00Z");
    const running = await runningNow(ctx.deps);
    expect(running?.map((party) => party.event.title)).toEqual(["Früh zu Ende", "Freitagsnacht"]);
    expect(running?.[1]?.currentSet).toEqual({
      artist: "Ellen Allien",
      floor: "Main",
      times: "02:30–04:30",
    });
    expect(running?.[0]?.currentSet).toBeNull();
  });

  it("includes afterhours in the morning and Sunday day parties in the evening", async () => {
    expect(await titlesAt("2026-11-21T05:30:00Z")).toEqual(["Afterhour"]);
    expect(await titlesAt("2026-11-22T21:30:00Z")).toEqual(["Sonntagsgarten"]);
  });

  it("is not shown at 15:00 (or any time between 08:00 and 22:00)", async () => {
    expect(await titlesAt("2026-11-21T14:00:00Z")).toBeNull();
    expect(await titlesAt("2026-11-21T07:00:00Z")).toBeNull();
    expect(await titlesAt("2026-11-21T20:59:00Z")).toBeNull();
  });

  it("tells which parties run to the minute: one ending at 04:15:30 is listed until 04:15:59", async () => {
    await createEvent(ctx.deps, {
      title: "Kurz nach vier",
      startsAt: "2026-11-21T03:10:00Z",
      endsAt: new Date("2026-11-21T03:15:30Z"),
    });
    expect(await titlesAt("2026-11-21T03:15:10Z")).toContain("Kurz nach vier");
    expect(await titlesAt("2026-11-21T03:15:40Z")).toContain("Kurz nach vier");
    expect(await titlesAt("2026-11-21T03:16:00Z")).not.toContain("Kurz nach vier");
  });
});
