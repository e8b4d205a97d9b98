import type { FastifyInstance } from "fastify";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClub, createEvent } from "#tests/factories/catalog.ts";
import { createUser } from "#tests/factories/users.ts";
import { bearer } from "#tests/setup/api-client.ts";
import { createTestContext, type TestContext } from "#tests/setup/test-database.ts";
import { controlCharactersMessage } from "#common/schemas/text.ts";
import { buildApp } from "#server/app.ts";
import { events } from "#server/db/schema/events.ts";
import { users } from "#server/db/schema/users.ts";
import { startSession } from "#server/domain/auth/session-tokens.server.ts";

let ctx: TestContext;
let app: FastifyInstance;

beforeAll(async () => {
  ctx = await createTestContext({ now: "2026-11-20T20:00:00Z" });
  app = await buildApp({ deps: ctx.deps });
  await createEvent(ctx.deps, { title: "Techno Nacht", startsAt: "2026-11-21T22:00:00Z" });
});

afterAll(async () => {
  await app.close();
  await ctx.close();
});

describe("control characters", () => {
  it.each([
    ["/api/search/?q=a%00b", "q"],
    ["/api/search/autocomplete/?q=a%00b", "q"],
    ["/api/search/pages/?q=a%00b", "q"],
    ["/api/locations/autocomplete/?q=a%00b", "q"],
    ["/api/events/?search=a%00b", "search"],
    ["/api/dates/?search=a%1Bb", "search"],
  ])("%s is a German field error, not a 500", async (url, field) => {
    const response = await app.inject({ url });
    expect(response.statusCode).toBe(400);
    expect(response.json()[field]).toContain(controlCharactersMessage);
  });

  it("keeps NUL out of an event's title and description", async () => {
    const owner = await createUser(ctx.deps);
    const club = await createClub(ctx.deps);
    const { access } = await startSession(ctx.deps, owner.id, null);
    const before = await ctx.deps.db.$count(events);
    const response = await app.inject({
      method: "POST",
      url: "/api/events/",
      headers: bearer(access),
      payload: {
        title: "Bass\u0000line",
        start: "2026-11-27T23:00",
        location: club.id,
        description: "Die ganze\u0000Nacht",
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      title: [controlCharactersMessage],
      description: [controlCharactersMessage],
    });
    expect(await ctx.deps.db.$count(events)).toBe(before);
  });

  it("answers a login with NUL in the address with field errors", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/token/",
      payload: { email: "a\u0000@example.org", password: "x" },
    });
    expect(response.statusCode).toBe(400);
  });
});

describe("search wildcards", () => {
  it.each(["%25%25", "__", "%5C%25"])("%s means itself, not every party", async (q) => {
    const parties = await app.inject({ url: `/api/events/?search=${q}` });
    expect(parties.statusCode).toBe(200);
    expect(parties.json().count).toBe(0);
    const site = await app.inject({ url: `/api/search/?q=${q}` });
    expect(site.json().count).toBe(0);
  });

  it("still finds what was typed", async () => {
    const parties = await app.inject({ url: "/api/events/?search=techno" });
    expect(parties.json().count).toBe(1);
  });
});

describe("unique-constraint races", () => {
  it("answers 8 parallel registrations of one address alike and stores one account", async () => {
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        app.inject({
          method: "POST",
          url: "/api/register/",
          remoteAddress: `198.51.100.${index + 1}`,
          payload: {
            email: "gleichzeitig@example.org",
            password: "Bässe bis zum Morgengrauen",
            display_name: "Schnell",
            accept_terms: true,
          },
        }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(8).fill(201));
    const stored = await ctx.deps.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = 'gleichzeitig@example.org'`);
    expect(stored).toHaveLength(1);
  });
});
