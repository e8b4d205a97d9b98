import type { FastifyInstance } from "fastify";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClub } from "#tests/factories/catalog.ts";
import { createUser } from "#tests/factories/users.ts";
import { bearer } from "#tests/setup/api-client.ts";
import { createTestContext, type TestContext } from "#tests/setup/test-database.ts";
import { buildApp } from "#server/app.ts";
import { eventSeries, events } from "#server/db/schema/events.ts";
import { startSession } from "#server/domain/auth/session-tokens.server.ts";

/** The series fields of POST /api/events/ and POST /api/series/{id}/ (decision 0230). */

let ctx: TestContext;
let app: FastifyInstance;
let ownerToken: string;
let strangerToken: string;
let club: { id: number };

beforeAll(async () => {
  // Friday 2026-11-20, 21:00 in Berlin.
  ctx = await createTestContext({ now: "2026-11-20T20:00:00Z" });
  app = await buildApp({ deps: ctx.deps });
  const owner = await createUser(ctx.deps);
  const stranger = await createUser(ctx.deps);
  ownerToken = (await startSession(ctx.deps, owner.id, null)).access;
  strangerToken = (await startSession(ctx.deps, stranger.id, null)).access;
  club = await createClub(ctx.deps, { name: "Distillery" });
});

afterAll(async () => {
  await app.close();
  await ctx.close();
});

const post = (url: string, token: string, payload: unknown) =>
  app.inject({ method: "POST", url, headers: bearer(token), payload: payload as object });

const form = (overrides: Record<string, unknown> = {}) => ({
  title: "Erster Samstag",
  start: "2026-12-05T23:00",
  end: "2026-12-06T07:00",
  location: club.id,
  repeat: "monthly",
  repeat_week: "1",
  ...overrides,
});

describe("a series through the API", () => {
  it("creates the first party with its series and the coming ones", async () => {
    const response = await post("/api/events/", ownerToken, form());
    expect(response.statusCode).toBe(201);
    const body = response.json<{ id: number; series_id: number }>();
    expect(body.series_id).toEqual(expect.any(Number));
    const parties = await ctx.deps.db
      .select({ day: events.seriesDay })
      .from(events)
      .where(eq(events.seriesId, body.series_id));
    // Eight weeks from 20 November reach 15 January: the first Saturdays of December and January.
    expect(parties.map((party) => party.day).sort()).toEqual(["2026-12-05", "2027-01-02"]);
  });

  it("answers bad repeat fields with 400 and German field errors, creating nothing", async () => {
    const before = (await ctx.deps.db.select({ id: eventSeries.id }).from(eventSeries)).length;
    const tooMany = await post(
      "/api/events/",
      ownerToken,
      form({ repeat: "weekly", repeat_week: "", repeat_until: "2030-01-01" }),
    );
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({
      repeat_until: [
        "Eine Serie mit Enddatum hat höchstens 52 Partys. Wähle ein früheres Enddatum.",
      ],
    });
    const unknown = await post("/api/events/", ownerToken, form({ repeat: "daily" }));
    expect(unknown.statusCode).toBe(400);
    expect(Object.keys(unknown.json())).toEqual(["repeat"]);
    expect((await ctx.deps.db.select({ id: eventSeries.id }).from(eventSeries)).length).toBe(
      before,
    );
  });

  it("pauses and ends a series for its organiser only", async () => {
    const created = await post(
      "/api/events/",
      ownerToken,
      form({ title: "Zweiter Sonntag", start: "2026-12-13T16:00", end: "", repeat_week: "2" }),
    );
    const seriesId = created.json<{ series_id: number }>().series_id;
    const stranger = await post(`/api/series/${seriesId}/`, strangerToken, { state: "paused" });
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json()).toMatchObject({ detail: "Das ist nicht Deine Serie." });
    const paused = await post(`/api/series/${seriesId}/`, ownerToken, { state: "paused" });
    expect(paused.json()).toEqual({ id: seriesId, state: "paused" });
    const wrong = await post(`/api/series/${seriesId}/`, ownerToken, { state: "weg" });
    expect(wrong.statusCode).toBe(400);
    expect(
      (await post(`/api/series/${seriesId}/`, ownerToken, { state: "ended" })).statusCode,
    ).toBe(200);
    const resumed = await post(`/api/series/${seriesId}/`, ownerToken, { state: "active" });
    expect(resumed.statusCode).toBe(409);
    expect(resumed.json()).toMatchObject({ detail: "Diese Serie ist beendet." });
    expect((await post("/api/series/999999/", ownerToken, { state: "paused" })).statusCode).toBe(
      404,
    );
  });
});
