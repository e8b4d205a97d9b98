import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAd } from "#tests/factories/ads.ts";
import { createClub, createEvent, createGenre, createOrganizer } from "#tests/factories/catalog.ts";
import { createTestContext, type TestContext } from "#tests/setup/test-database.ts";
import { buildApp } from "#server/app.ts";
import { redirects } from "#server/db/schema/content.ts";
import { countEventViews } from "#server/domain/events/event-views.server.ts";
import { adStatistics } from "#server/domain/ads/ad-display.server.ts";

// The clock stands at Saturday 2026-11-21, 02:00 in Berlin: "tonight" is still Friday's night.
let ctx: TestContext;
let app: FastifyInstance;
let club: Awaited<ReturnType<typeof createClub>>;
let crew: Awaited<ReturnType<typeof createOrganizer>>;
let techno: Awaited<ReturnType<typeof createGenre>>;
let fridayTop: Awaited<ReturnType<typeof createEvent>>;
const browser = { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36" };

beforeAll(async () => {
  ctx = await createTestContext({ now: "2026-11-21T01:00:00Z" });
  app = await buildApp({ deps: ctx.deps });
  techno = await createGenre(ctx.deps, { name: "Techno" });
  club = await createClub(ctx.deps, { name: "Ärztehaus" });
  await createClub(ctx.deps, { name: "Zollhaus" });
  await createClub(ctx.deps, { name: "Anker" });
  crew = await createOrganizer(ctx.deps, { name: "Nachtschicht" });
  await createEvent(ctx.deps, {
    title: "Früh am Freitag",
    startsAt: "2026-11-20T21:00:00Z",
    locationId: club.id,
  });
  fridayTop = await createEvent(ctx.deps, {
    title: "Top am Freitag",
    startsAt: "2026-11-20T23:00:00Z",
    topUntil: new Date("2026-11-22T00:00:00Z"),
    genreIds: [techno.id],
    organizerIds: [crew.id],
  });
  await createEvent(ctx.deps, {
    title: "Samstag",
    startsAt: "2026-11-21T22:00:00Z",
    locationId: club.id,
  });
  await createEvent(ctx.deps, {
    title: "Vergangen",
    startsAt: "2026-11-14T22:00:00Z",
    locationId: club.id,
  });
  for (const [index, day] of ["2026-11-25", "2026-11-27", "2026-11-28", "2026-12-04"].entries()) {
    await createEvent(ctx.deps, { title: `Später ${index}`, startsAt: `${day}T22:00:00Z` });
  }
});

afterAll(async () => {
  await app.close();
  await ctx.close();
});

describe("GET /api/dates/", () => {
  it("pages party nights from tonight, the after-midnight night first, top events first", async () => {
    const response = await app.inject({ url: "/api/dates/?page=1&page_size=2&_=1763686800" });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.count).toBe(6);
    expect(body.next).toBe("http://localhost:3000/api/dates/?page=2&page_size=2");
    expect(body.results.map((night: { date: string }) => night.date)).toEqual([
      "2026-11-20",
      "2026-11-21",
    ]);
    expect(body.results[0].count).toBe(2);
    expect(body.results[0].results.map((event: { title: string }) => event.title)).toEqual([
      "Top am Freitag",
      "Früh am Freitag",
    ]);
  });

  it("ends with an empty page and takes the listing filters", async () => {
    const last = (await app.inject({ url: "/api/dates/?page=4&page_size=2" })).json();
    expect(last).toMatchObject({ next: null, results: [] });
    const byClub = (await app.inject({ url: `/api/dates/?location=${club.id}` })).json();
    expect(byClub.results.map((night: { date: string }) => night.date)).toEqual([
      "2026-11-20",
      "2026-11-21",
    ]);
  });

  it.each([
    ["page=0", "page"],
    ["page=1000000000", "page"],
    ["genre=abc", "genre"],
    ["date_from=2026-13-01", "date_from"],
    ["page_size=15", "page_size"],
    ["search=<10 kB>", "search"],
  ])("refuses %s with a 400 field error", async (label, field) => {
    const query = label.replace("<10 kB>", "x".repeat(10_240));
    const response = await app.inject({ url: `/api/dates/?${query}` });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json())).toEqual([field]);
  });
});

describe("GET /api/events/?search=", () => {
  it("finds parties by text and treats meta characters as text", async () => {
    const found = (await app.inject({ url: "/api/events/?search=nachtschicht" })).json();
    expect(found.results.map((event: { title: string }) => event.title)).toEqual([
      "Top am Freitag",
    ]);
    const odd = await app.inject({
      url: `/api/events/?search=${encodeURIComponent("%' OR 1=1; -- <b>")}`,
    });
    expect(odd.statusCode).toBe(200);
    expect(odd.json().count).toBe(0);
  });
});

describe("clubs and organisers", () => {
  it("lists clubs A–Z in German order (Ä with A) with upcoming counts", async () => {
    const clubs = (await app.inject({ url: "/api/locations/" })).json();
    expect(clubs.map((entry: { name: string }) => entry.name)).toEqual([
      "Anker",
      "Ärztehaus",
      "Zollhaus",
    ]);
    expect(clubs[1]).toMatchObject({ upcoming_count: 2, url: `/club/aerztehaus/${club.id}` });
  });

  it("answers one club with a map link, and 404 or 400 for bad ids", async () => {
    const one = (await app.inject({ url: `/api/locations/${club.id}/` })).json();
    expect(one.map_url).toContain("openstreetmap.org");
    expect((await app.inject({ url: "/api/locations/999999/" })).statusCode).toBe(404);
    expect((await app.inject({ url: "/api/locations/abc/" })).statusCode).toBe(400);
  });

  it("lists organisers with upcoming counts and answers one", async () => {
    const list = (await app.inject({ url: "/api/organizer/" })).json();
    expect(list).toEqual([expect.objectContaining({ name: "Nachtschicht", upcoming_count: 1 })]);
    const one = (await app.inject({ url: `/api/organizer/${crew.id}/` })).json();
    expect(one).toMatchObject({
      name: "Nachtschicht",
      url: `/party-veranstalter/nachtschicht/${crew.id}`,
    });
  });
});

describe("search API", () => {
  it("suggests while typing and answers the results page", async () => {
    const suggestions = (await app.inject({ url: "/api/search/autocomplete/?q=aerzte" })).json();
    expect(suggestions.results).toEqual([
      expect.objectContaining({
        type: "club",
        title: "Ärztehaus",
        url: `/club/aerztehaus/${club.id}`,
      }),
    ]);
    const results = (await app.inject({ url: "/api/search/?q=techno" })).json();
    expect(results.results.map((event: { title: string }) => event.title)).toEqual([
      "Top am Freitag",
    ]);
    expect(results.genres.map((hit: { title: string }) => hit.title)).toEqual(["Techno"]);
  });

  it("answers an empty q with nothing and a 10 kB q with a field error", async () => {
    expect((await app.inject({ url: "/api/search/autocomplete/?q=" })).json()).toEqual({
      results: [],
    });
    const long = await app.inject({ url: `/api/search/?q=${"a".repeat(10_240)}` });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ q: ["Höchstens 200 Zeichen."] });
  });
});

describe("views and ads", () => {
  it("counts a party view once per visitor and day, and never for bots", async () => {
    const view = () =>
      app.inject({
        method: "POST",
        url: "/api/event-views/",
        headers: browser,
        payload: { event: fridayTop.id },
      });
    expect((await view()).json()).toEqual({ counted: true });
    expect((await view()).json()).toEqual({ counted: false });
    const bot = await app.inject({
      method: "POST",
      url: "/api/event-views/",
      headers: { "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" },
      payload: { event: fridayTop.id },
    });
    expect(bot.json()).toEqual({ counted: false });
    expect(await countEventViews(ctx.deps, fridayTop.id)).toBe(1);
    ctx.setNow("2026-11-22T10:00:00Z");
    expect((await view()).json()).toEqual({ counted: true });
    ctx.setNow("2026-11-21T01:00:00Z");
    const unknown = await app.inject({
      method: "POST",
      url: "/api/event-views/",
      payload: { event: 999999 },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it("shows running ads only, counts views and clicks through the redirect", async () => {
    const running = await createAd(ctx.deps, {
      startsAt: new Date("2026-11-20T00:00:00Z"),
      endsAt: new Date("2026-11-27T00:00:00Z"),
    });
    await createAd(ctx.deps, {
      startsAt: new Date("2026-11-01T00:00:00Z"),
      endsAt: new Date("2026-11-08T00:00:00Z"),
    });
    await createAd(ctx.deps, {
      status: "awaiting_payment",
      startsAt: new Date("2026-11-20T00:00:00Z"),
      endsAt: new Date("2026-11-27T00:00:00Z"),
    });
    const listed = (await app.inject({ url: "/api/ads/?placement=listing" })).json();
    expect(listed.results).toEqual([
      {
        id: running.id,
        title: running.title,
        image: null,
        click_url: `/api/ads/${running.id}/click/`,
      },
    ]);
    const view = await app.inject({
      method: "POST",
      url: "/api/ad-views/",
      headers: browser,
      payload: { ad: running.id },
    });
    expect(view.json()).toEqual({ counted: true });
    const click = await app.inject({ url: `/api/ads/${running.id}/click/`, headers: browser });
    expect(click.statusCode).toBe(302);
    expect(click.headers.location).toBe("https://werbung.example/ziel");
    expect(await adStatistics(ctx.deps, running.id)).toEqual({ views: 1, clicks: 1 });
    expect((await app.inject({ url: "/api/ads/999999/click/" })).statusCode).toBe(404);
  });
});

describe("GET /api/redirect/", () => {
  it("answers the redirect of a known path and 404 for others", async () => {
    await ctx.deps.db
      .insert(redirects)
      .values({ fromPath: "/alte-partys/", toPath: "/party/genre" });
    // The redirects table is reread when the content version changes (polled once a second).
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const known = await app.inject({ url: "/api/redirect/?path=/alte-partys" });
    expect(known.json()).toEqual({
      from_path: "/alte-partys/",
      to_path: "/party/genre",
      status_code: 301,
    });
    expect((await app.inject({ url: "/api/redirect/?path=/nie-da-gewesen" })).statusCode).toBe(404);
    expect((await app.inject({ url: "/api/redirect/?path=ohne-slash" })).statusCode).toBe(400);
  });
});
