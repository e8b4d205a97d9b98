import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClub, createEvent, createGenre, createOrganizer } from "#tests/factories/catalog.ts";
import { createTestContext, type TestContext } from "#tests/setup/test-database.ts";
import { buildApp } from "#server/app.ts";

// The clock stands at Friday 2026-11-20, 21:00 in Berlin.
let ctx: TestContext;
let app: FastifyInstance;
let techno: Awaited<ReturnType<typeof createGenre>>;
let house: Awaited<ReturnType<typeof createGenre>>;

beforeAll(async () => {
  ctx = await createTestContext({ now: "2026-11-20T20:00:00Z" });
  app = await buildApp({ deps: ctx.deps });
  techno = await createGenre(ctx.deps, { name: "Techno" });
  house = await createGenre(ctx.deps, { name: "House", categoryName: "House" });
  const club = await createClub(ctx.deps, { name: "Tresor Ost" });
  const crew = await createOrganizer(ctx.deps, { name: "Kollektiv Nachtschicht" });
  await createEvent(ctx.deps, {
    title: "Gestern vorbei",
    startsAt: "2026-11-19T22:00:00Z",
    locationId: club.id,
  });
  await createEvent(ctx.deps, {
    title: "Nachtschicht",
    startsAt: "2026-11-20T22:00:00Z",
    locationId: club.id,
    genreIds: [techno.id],
    organizerIds: [crew.id],
    topUntil: new Date("2026-11-21T06:00:00Z"),
  });
  await createEvent(ctx.deps, {
    title: "Nach Mitternacht",
    // Saturday 01:30 in Berlin still belongs to Friday's night.
    startsAt: "2026-11-21T00:30:00Z",
    genreIds: [house.id],
  });
  await createEvent(ctx.deps, {
    title: "Entwurf",
    startsAt: "2026-11-21T22:00:00Z",
    status: "draft",
  });
  await createEvent(ctx.deps, {
    title: "Abgesagt am Samstag",
    startsAt: "2026-11-21T22:00:00Z",
    status: "cancelled",
    genreIds: [techno.id],
  });
  for (let index = 0; index < 25; index++) {
    await createEvent(ctx.deps, { title: `Dezember ${index}`, startsAt: "2026-12-05T22:00:00Z" });
  }
});

afterAll(async () => {
  await app.close();
  await ctx.close();
});

describe("GET /api/events/", () => {
  it("answers SPEC §3's paged list from tonight on, drafts left out", async () => {
    const response = await app.inject({ method: "GET", url: "/api/events/" });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.count).toBe(28);
    expect(body.previous).toBeNull();
    expect(body.next).toBe("http://localhost:3000/api/events/?page=2");
    expect(body.results).toHaveLength(20);
    const titles = body.results.map((event: { title: string }) => event.title);
    expect(titles.slice(0, 3)).toEqual(["Nachtschicht", "Nach Mitternacht", "Abgesagt am Samstag"]);
    expect(titles).not.toContain("Entwurf");
    expect(titles).not.toContain("Gestern vorbei");
  });

  it("shapes an event with night, top flag, club, organisers and genres", async () => {
    const body = (await app.inject({ method: "GET", url: "/api/events/?page_size=2" })).json();
    const [friday, afterMidnight] = body.results;
    expect(friday).toMatchObject({
      title: "Nachtschicht",
      slug: "nachtschicht",
      url: `/party/nachtschicht/${friday.id}`,
      start: "2026-11-20T22:00:00.000Z",
      night: "2026-11-20",
      status: "published",
      is_top: true,
      location: { name: "Tresor Ost", city: "Leipzig" },
      organizers: [{ name: "Kollektiv Nachtschicht" }],
      genres: [{ name: "Techno" }],
    });
    expect(afterMidnight).toMatchObject({ night: "2026-11-20", is_top: false, location: null });
  });

  it("pages on, keeping the filters in next and previous", async () => {
    const body = (
      await app.inject({ method: "GET", url: "/api/events/?page=2&page_size=10&_=1732140000" })
    ).json();
    expect(body.results).toHaveLength(10);
    expect(body.next).toBe("http://localhost:3000/api/events/?page=3&page_size=10");
    expect(body.previous).toBe("http://localhost:3000/api/events/?page_size=10");
  });

  it("answers an empty page beyond the last one", async () => {
    const body = (await app.inject({ method: "GET", url: "/api/events/?page=500" })).json();
    expect(body).toMatchObject({ count: 28, next: null, results: [] });
  });

  it("filters by genre, nights and top", async () => {
    const byGenre = (await app.inject({ url: `/api/events/?genre=${techno.id}` })).json();
    expect(byGenre.results.map((event: { title: string }) => event.title)).toEqual([
      "Nachtschicht",
      "Abgesagt am Samstag",
    ]);
    const friday = (
      await app.inject({ url: "/api/events/?date_from=2026-11-20&date_to=2026-11-20" })
    ).json();
    expect(friday.count).toBe(2);
    const top = (await app.inject({ url: "/api/events/?top=1" })).json();
    expect(top.results.map((event: { title: string }) => event.title)).toEqual(["Nachtschicht"]);
  });

  it.each([
    ["page=0", { page: ["Ungültige Seite."] }],
    ["page=1000000000", { page: ["Ungültige Seite."] }],
    ["page=abc", { page: ["Bitte gib eine Zahl ein."] }],
    ["genre=abc", { genre: ["Bitte gib eine Zahl ein."] }],
    ["date_from=2026-02-30", { date_from: ["Ungültiges Datum."] }],
    ["page_size=101", { page_size: expect.any(Array) }],
    ["colour=pink", { colour: ["Unbekanntes Feld."] }],
  ])("refuses %s with a field error", async (query, fieldErrors) => {
    const response = await app.inject({ url: `/api/events/?${query}` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(fieldErrors);
  });

  it("treats SQL and HTML meta characters as plain bad input", async () => {
    const response = await app.inject({
      url: `/api/events/?location=${encodeURIComponent("1;drop table events;--")}`,
    });
    expect(response.statusCode).toBe(400);
    expect((await app.inject({ url: "/api/events/" })).json().count).toBe(28);
  });
});

describe("GET /api/events/{id}/", () => {
  it("answers one party with its description and media", async () => {
    const list = (await app.inject({ url: "/api/events/?page_size=1" })).json();
    const response = await app.inject({ url: `/api/events/${list.results[0].id}/` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ title: "Nachtschicht", description: "", media: [] });
  });

  it("answers 404 {detail} for an unknown id and for drafts", async () => {
    const unknown = await app.inject({ url: "/api/events/999999/" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: "Diese Party gibt es nicht." });
  });
});
