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
let owner: Awaited<ReturnType<typeof createUser>>;
let strangerToken: string;
let ownerCookies: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestContext({ now: "2026-11-20T20:00:00Z" });
  app = await buildApp({ deps: ctx.deps });
  owner = await createUser(ctx.deps);
  const stranger = await createUser(ctx.deps);
  strangerToken = (await startSession(ctx.deps, stranger.id, null)).access;
  const { access, refresh } = await startSession(ctx.deps, owner.id, null);
  ownerCookies = {
    auth_access_token: access,
    auth_refresh_token: refresh,
    csrftoken: "a".repeat(32),
  };
});

afterAll(async () => {
  await app.close();
  await ctx.close();
});

const invalidBodies = [{}, { title: "", start: "kaputt" }, { display_name: 42 }];

describe("authorization and CSRF come before the body", () => {
  it.each([
    ["POST", "/api/my-data/"],
    ["POST", "/api/password_change/"],
    ["DELETE", "/api/my-data/"],
    ["POST", "/api/events/"],
  ] as const)(
    "%s %s with cookies but no CSRF header is 403 whatever the body",
    async (method, url) => {
      for (const payload of invalidBodies) {
        const response = await app.inject({ method, url, cookies: ownerCookies, payload });
        expect(response.statusCode, JSON.stringify(payload)).toBe(403);
      }
    },
  );

  it("answers a request without any login 401 whatever the body", async () => {
    for (const payload of invalidBodies) {
      const response = await app.inject({ method: "POST", url: "/api/my-data/", payload });
      expect(response.statusCode).toBe(401);
    }
  });

  it("answers someone else's write to a party 403 whatever the body", async () => {
    const club = await createClub(ctx.deps);
    const party = await createEvent(ctx.deps, {
      startsAt: "2026-11-27T22:00:00Z",
      locationId: club.id,
      createdById: owner.id,
    });
    for (const payload of invalidBodies) {
      const response = await app.inject({
        method: "POST",
        url: `/api/events/${party.id}/`,
        headers: bearer(strangerToken),
        payload,
      });
      expect(response.statusCode).toBe(403);
    }
  });

  it("answers someone else's draft like an unknown id", async () => {
    const draft = await createEvent(ctx.deps, {
      startsAt: "2026-11-27T22:00:00Z",
      status: "draft",
      createdById: owner.id,
    });
    const probe = (id: number) =>
      app.inject({
        method: "POST",
        url: `/api/events/${id}/`,
        headers: bearer(strangerToken),
        payload: {},
      });
    const foreign = await probe(draft.id);
    const unknown = await probe(2_000_000);
    expect(foreign.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(foreign.json()).toEqual(unknown.json());
    const deletion = await app.inject({
      method: "DELETE",
      url: `/api/events/${draft.id}/`,
      headers: bearer(strangerToken),
    });
    expect(deletion.statusCode).toBe(404);
  });
});
