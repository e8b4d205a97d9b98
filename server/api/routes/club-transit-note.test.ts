import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClub, createEvent } from "#tests/factories/catalog.ts";
import { createUser } from "#tests/factories/users.ts";
import { bearer } from "#tests/setup/api-client.ts";
import { createTestContext, type TestContext } from "#tests/setup/test-database.ts";
import { buildApp } from "#server/app.ts";
import { startSession } from "#server/domain/auth/session-tokens.server.ts";

let ctx: TestContext;
let app: FastifyInstance;
let clubId: number;
let organiserToken: string;
let strangerToken: string;
let adminToken: string;

beforeAll(async () => {
  ctx = await createTestContext({ now: "2026-11-20T20:00:00Z" });
  app = await buildApp({ deps: ctx.deps });
  clubId = (await createClub(ctx.deps, { name: "Distillery" })).id;
  const organiser = await createUser(ctx.deps);
  const stranger = await createUser(ctx.deps);
  const admin = await createUser(ctx.deps, { role: "admin" });
  await createEvent(ctx.deps, {
    startsAt: "2026-11-27T22:00:00Z",
    locationId: clubId,
    createdById: organiser.id,
  });
  organiserToken = (await startSession(ctx.deps, organiser.id, null)).access;
  strangerToken = (await startSession(ctx.deps, stranger.id, null)).access;
  adminToken = (await startSession(ctx.deps, admin.id, null)).access;
});

afterAll(async () => {
  await app.close();
  await ctx.close();
});

const save = (token: string | null, payload: unknown, id = clubId) =>
  app.inject({
    method: "POST",
    url: `/api/locations/${id}/transit-note/`,
    headers: token ? bearer(token) : {},
    payload: payload as object,
  });

describe("a club's 'letzte Bahn / Nachtbus' note", () => {
  it("is kept by whoever entered a party there and shown with the club", async () => {
    const saved = await save(organiserToken, { transit_note: "N1 ab Hbf bis 04:30 <b>!</b>" });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ transit_note: "N1 ab Hbf bis 04:30 <b>!</b>" });
    const club = await app.inject({ url: `/api/locations/${clubId}/` });
    expect(club.json().transit_note).toBe("N1 ab Hbf bis 04:30 <b>!</b>");
  });

  it("is kept by admins", async () => {
    expect((await save(adminToken, { transit_note: "Tram 10 ab 04:50" })).statusCode).toBe(200);
  });

  it("refuses others, strangers, unknown clubs and overlong notes", async () => {
    expect((await save(null, { transit_note: "x" })).statusCode).toBe(401);
    const refused = await save(strangerToken, { transit_note: "x" });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toContain("Bahn und Nachtbus");
    expect((await save(adminToken, { transit_note: "x" }, 999_999)).statusCode).toBe(404);
    const tooLong = await save(adminToken, { transit_note: "x".repeat(301) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().transit_note).toEqual(["Höchstens 300 Zeichen."]);
  });
});
