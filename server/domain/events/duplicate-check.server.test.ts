import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClub, createEvent } from "#tests/factories/catalog.ts";
import { createTestContext, type TestContext } from "#tests/setup/test-database.ts";
import { findPossibleDuplicates } from "./duplicate-check.server.ts";

/**
 * The duplicate rule (decision 0234): the same club, the same party night (06:00–06:00) and a
 * title at least 0.4 similar by pg_trgm — for the event form and for imports alike.
 */

let ctx: TestContext;
let club: { id: number };
let otherClub: { id: number };
let existing: { id: number };

// Saturday 2026-10-24, 23:00 in Berlin.
const SATURDAY_NIGHT = "2026-10-24T21:00:00Z";

beforeAll(async () => {
  ctx = await createTestContext({ now: "2026-10-20T10:00:00Z" });
  club = await createClub(ctx.deps, { name: "Distillery" });
  otherClub = await createClub(ctx.deps, { name: "Conne Island" });
  existing = await createEvent(ctx.deps, {
    title: "Tanz in den Herbst",
    startsAt: SATURDAY_NIGHT,
    locationId: club.id,
  });
});

afterAll(async () => {
  await ctx.close();
});

const duplicatesOf = (title: string, startsAt = SATURDAY_NIGHT, locationId = club.id) =>
  findPossibleDuplicates(ctx.deps, { title, startsAt: new Date(startsAt), locationId }).then(
    (found) => found.map((party) => party.id),
  );

describe("a likely duplicate", () => {
  it("is a similar title at the same club on the same night, however it is spelled", async () => {
    for (const title of [
      "TANZ IN DEN HERBST",
      "Tanz in den Herbst (Open Air)",
      "Tanz in den Herbst – mit Live-Act",
      // 0.43: just above the threshold.
      "Herbsttanz",
    ]) {
      expect(await duplicatesOf(title)).toEqual([existing.id]);
    }
    // 05:00 on Sunday still belongs to Saturday's night.
    expect(await duplicatesOf("Tanz in den Herbst", "2026-10-25T04:00:00Z")).toEqual([existing.id]);
  });

  it("is not another title, another night or another club", async () => {
    expect(await duplicatesOf("Techno Nacht")).toEqual([]);
    expect(await duplicatesOf("Bass Invaders")).toEqual([]);
    expect(await duplicatesOf("Tanz in den Herbst", "2026-10-25T06:00:00Z")).toEqual([]);
    expect(await duplicatesOf("Tanz in den Herbst", SATURDAY_NIGHT, otherClub.id)).toEqual([]);
  });
});
