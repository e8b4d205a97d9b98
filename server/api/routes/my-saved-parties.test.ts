import type { FastifyInstance } from "fastify";
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SAVED_PARTIES_LIMIT } from "#common/schemas/saved-parties.ts";
import { createClub, createEvent } from "#tests/factories/catalog.ts";
import { createUser } from "#tests/factories/users.ts";
import { bearer } from "#tests/setup/api-client.ts";
import { createTestContext, type TestContext } from "#tests/setup/test-database.ts";
import { buildApp } from "#server/app.ts";
import { startSession } from "#server/domain/auth/session-tokens.server.ts";

let ctx: TestContext;
let app: FastifyInstance;
let alice: string;
let bob: string;
let clubParty: { id: number };
let placeParty: { id: number };
let draft: { id: number };

beforeAll(async () => {
  // Friday 2026-11-20, 21:00 in Berlin.
  ctx = await createTestContext({ now: "2026-11-20T20:00:00Z" });
  app = await buildApp({ deps: ctx.deps });
  alice = (await startSession(ctx.deps, (await createUser(ctx.deps)).id, null)).access;
  bob = (await startSession(ctx.deps, (await createUser(ctx.deps)).id, null)).access;
  const club = await createClub(ctx.deps, { name: "Distillery" });
  clubParty = await createEvent(ctx.deps, {
    title: "Nachtschicht <b>laut</b>",
    startsAt: "2026-11-20T22:00:00Z",
    endsAt: new Date("2026-11-21T06:00:00Z"),
    locationId: club.id,
  });
  placeParty = await createEvent(ctx.deps, {
    title: "Wiese",
    startsAt: "2026-11-21T20:00:00Z",
    venueName: "Wiese am Auensee",
    venueAddress: "Gustav-Esche-Straße 5",
  });
  draft = await createEvent(ctx.deps, {
    title: "Entwurf",
    startsAt: "2026-11-22T20:00:00Z",
    status: "draft",
  });
});

afterAll(async () => {
  await app.close();
  await ctx.close();
});

const as = (
  token: string,
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  payload?: Record<string, unknown>,
) => app.inject({ method, url, headers: bearer(token), payload });

const savedIds = async (token: string) =>
  ((await as(token, "GET", "/api/my-saved-parties/")).json().items as { id: number }[]).map(
    (party) => party.id,
  );

describe("saved parties in the account", () => {
  it("saves a party once however often it is saved, and removes it", async () => {
    expect((await as(alice, "PUT", `/api/my-saved-parties/${clubParty.id}/`)).statusCode).toBe(204);
    expect((await as(alice, "PUT", `/api/my-saved-parties/${clubParty.id}/`)).statusCode).toBe(204);
    const list = await as(alice, "GET", "/api/my-saved-parties/");
    expect(list.json().items).toEqual([
      {
        id: clubParty.id,
        title: "Nachtschicht <b>laut</b>",
        path: `/party/nachtschicht-b-laut-b/${clubParty.id}`,
        start: "2026-11-20T22:00:00.000Z",
        end: "2026-11-21T06:00:00.000Z",
        place: "Distillery",
        address: expect.any(String),
        cancelled: false,
      },
    ]);
    expect(await savedIds(bob)).toEqual([]);
    expect((await as(alice, "DELETE", `/api/my-saved-parties/${clubParty.id}/`)).statusCode).toBe(
      204,
    );
    expect(await savedIds(alice)).toEqual([]);
  });

  it("refuses unknown and unpublished parties with 404, and strangers with 401", async () => {
    expect((await as(alice, "PUT", "/api/my-saved-parties/999999/")).statusCode).toBe(404);
    expect((await as(alice, "PUT", `/api/my-saved-parties/${draft.id}/`)).statusCode).toBe(404);
    expect((await as(alice, "PUT", "/api/my-saved-parties/abc/")).statusCode).toBe(400);
    const anonymous = await app.inject({ method: "GET", url: "/api/my-saved-parties/" });
    expect(anonymous.statusCode).toBe(401);
  });

  it("takes the browser's list over at login: unknown, hidden and repeated ids are passed over", async () => {
    const merged = await as(bob, "POST", "/api/my-saved-parties/", {
      ids: [placeParty.id, 999999, draft.id, clubParty.id, placeParty.id],
    });
    expect(merged.statusCode).toBe(200);
    expect(merged.json().items.map((party: { id: number }) => party.id)).toEqual([
      clubParty.id,
      placeParty.id,
    ]);
    expect(merged.json().items[1]).toMatchObject({
      place: "Wiese am Auensee",
      address: "Gustav-Esche-Straße 5",
    });
    // Again (a second device): nothing doubles.
    await as(bob, "POST", "/api/my-saved-parties/", { ids: [clubParty.id] });
    expect(await savedIds(bob)).toEqual([clubParty.id, placeParty.id]);
    // The data export names them (Art. 15 DSGVO).
    const exported = JSON.parse((await as(bob, "GET", "/api/my-data/export/")).body);
    expect(
      (exported.saved_parties as { eventId: number }[]).map((party) => party.eventId).sort(),
    ).toEqual([clubParty.id, placeParty.id].sort());
  });

  it("answers junk in the list with field errors, never a 500", async () => {
    for (const ids of [
      ["1"],
      [-1],
      [1.5],
      "1,2",
      Array.from({ length: SAVED_PARTIES_LIMIT + 1 }, (_, i) => i + 1),
    ]) {
      const response = await as(bob, "POST", "/api/my-saved-parties/", { ids });
      expect(response.statusCode, JSON.stringify(ids).slice(0, 40)).toBe(400);
    }
  });

  it(`keeps at most ${SAVED_PARTIES_LIMIT} parties: the next one is a 409 with a German reason`, async () => {
    const carol = (await startSession(ctx.deps, (await createUser(ctx.deps)).id, null)).access;
    const parties = [];
    for (let index = 0; index < SAVED_PARTIES_LIMIT + 1; index++) {
      parties.push(
        await createEvent(ctx.deps, { title: `Reihe ${index}`, startsAt: "2026-11-27T22:00:00Z" }),
      );
    }
    const merged = await as(carol, "POST", "/api/my-saved-parties/", {
      ids: parties.slice(1).map((party) => party.id),
    });
    expect(merged.json().items).toHaveLength(SAVED_PARTIES_LIMIT);
    const refused = await as(carol, "PUT", `/api/my-saved-parties/${parties[0]!.id}/`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toMatch(/höchstens|schon 200/);
  });

  it("needs the CSRF header on a cookie-signed write", async () => {
    const response = await app.inject({
      method: "PUT",
      url: `/api/my-saved-parties/${clubParty.id}/`,
      cookies: { auth_access_token: alice },
    });
    expect([401, 403]).toContain(response.statusCode);
    expect(await savedIds(alice)).toEqual([]);
  });
});

describe("the saved parties' calendar feed", () => {
  it("round-trips through ical.js with the parties' own UIDs", async () => {
    const { url } = (await as(bob, "GET", "/api/my-saved-parties/feed/")).json() as { url: string };
    expect(url).toMatch(/^http:\/\/localhost(:\d+)?\/feeds\/gemerkt\/[A-Za-z0-9_-]{43}\.ics$/);
    expect((await as(bob, "GET", "/api/my-saved-parties/feed/")).json().url).toBe(url);
    const feed = await app.inject({ url: new URL(url).pathname });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers["content-type"]).toBe("text/calendar; charset=utf-8");
    expect(feed.headers["cache-control"]).toMatch(/^private/);
    const calendar = new ICAL.Component(ICAL.parse(feed.body));
    const parsed = calendar.getAllSubcomponents("vevent").map((vevent) => new ICAL.Event(vevent));
    expect(parsed.map((event) => event.summary)).toEqual(["Nachtschicht <b>laut</b>", "Wiese"]);
    expect(parsed.map((event) => event.uid)).toEqual([
      `party-${clubParty.id}@localhost`,
      `party-${placeParty.id}@localhost`,
    ]);
    expect(parsed[0]!.startDate.toJSDate().toISOString()).toBe("2026-11-20T22:00:00.000Z");
    const single = await app.inject({ url: `/feeds/party/${clubParty.id}.ics` });
    expect(single.body).toContain(`UID:party-${clubParty.id}@localhost`);
  });

  it("gets a new address on request; the old one answers 404", async () => {
    const old = new URL((await as(bob, "GET", "/api/my-saved-parties/feed/")).json().url).pathname;
    const renewed = await as(bob, "POST", "/api/my-saved-parties/feed/");
    expect(renewed.statusCode).toBe(200);
    const fresh = new URL(renewed.json().url).pathname;
    expect(fresh).not.toBe(old);
    expect((await app.inject({ url: old })).statusCode).toBe(404);
    expect((await app.inject({ url: fresh })).statusCode).toBe(200);
    for (const guess of [
      "/feeds/gemerkt/abc.ics",
      "/feeds/gemerkt/%3Cscript%3E.ics",
      `${fresh}x`,
    ]) {
      expect((await app.inject({ url: guess })).statusCode, guess).toBe(404);
    }
  });
});
