import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClub, createEvent, createGenre, createOrganizer } from "#tests/factories/catalog.ts";
import { listenForTests } from "#tests/setup/http-client.ts";
import { createTestContext, type TestContext } from "#tests/setup/test-database.ts";
import { buildApp } from "#server/app.ts";

// The clock stands at Friday 2026-11-20, 21:00 in Berlin.
let ctx: TestContext;
let app: FastifyInstance;
/** Real connections: cache hits are answered before Fastify, which `inject` skips (0203). */
let client: Awaited<ReturnType<typeof listenForTests>>;
let club: Awaited<ReturnType<typeof createClub>>;
let otherClub: Awaited<ReturnType<typeof createClub>>;
let genre: Awaited<ReturnType<typeof createGenre>>;
let crew: Awaited<ReturnType<typeof createOrganizer>>;
const clubParties: { id: number; title: string }[] = [];

beforeAll(async () => {
  ctx = await createTestContext({ config: { PAGE_CACHE_SECONDS: "30" } });
  app = await buildApp({ deps: ctx.deps });
  club = await createClub(ctx.deps, { name: "Halle <Neun>" });
  otherClub = await createClub(ctx.deps, { name: "Kantine" });
  genre = await createGenre(ctx.deps, { name: "Dub" });
  crew = await createOrganizer(ctx.deps, { name: "Nachtschicht" });
  await createEvent(ctx.deps, {
    title: "Schon vorbei",
    startsAt: "2026-11-18T22:00:00Z",
    locationId: club.id,
  });
  for (const [day, title] of [
    ["2026-11-28", "Dritte Nacht"],
    ["2026-11-21", "Erste Nacht"],
    ["2026-11-22", "Zweite Nacht & <Gäste>"],
    ["2026-12-05", "Vierte Nacht"],
  ] as const) {
    clubParties.push(
      await createEvent(ctx.deps, {
        title,
        startsAt: `${day}T22:00:00Z`,
        locationId: club.id,
        genreIds: [genre.id],
        organizerIds: [crew.id],
        status: title === "Dritte Nacht" ? "cancelled" : "published",
      }),
    );
  }
  await createEvent(ctx.deps, {
    title: "Anderswo",
    startsAt: "2026-11-21T23:00:00Z",
    locationId: otherClub.id,
  });
  client = await listenForTests(app, "localhost:3000");
});

afterAll(async () => {
  await client.close();
  await ctx.close();
});

const titlesIn = (html: string) =>
  [...html.matchAll(/<span class="title">(?:<span class="flag">Abgesagt<\/span>)?([^<]*)</g)].map(
    (match) => match[1],
  );

describe("the embedded programme", () => {
  it("shows a club's next parties in start order, each linking to its page here", async () => {
    const response = await app.inject({ url: `/einbinden/programm?club=${club.id}&count=3` });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(titlesIn(response.body)).toEqual([
      "Erste Nacht",
      "Zweite Nacht &amp; &lt;Gäste&gt;",
      "Dritte Nacht",
    ]);
    const first = clubParties.find((party) => party.title === "Erste Nacht")!;
    expect(response.body).toContain(
      `<a href="/party/erste-nacht/${first.id}" target="_blank" rel="noopener">`,
    );
    expect(response.body).toContain("Sa., 21.11., 23:00 Uhr");
    expect(response.body).toContain(`Halle &lt;Neun&gt; · Dub`);
    expect(response.body).toContain('<li class="party cancelled">');
    expect(response.body).toContain(`href="/club/halle-neun/${club.id}"`);
    expect(response.body).not.toContain("Anderswo");
  });

  it("lists what the JSON feed of the same selection lists", async () => {
    for (const [param, filter] of [
      [`club=${club.id}`, `location=${club.id}`],
      [`organizer=${crew.id}`, `organizer=${crew.id}`],
      [`genre=${genre.id}`, `genre=${genre.id}`],
      ["", ""],
    ]) {
      const frame = await app.inject({ url: `/einbinden/programm?${param}&count=4` });
      const json = await app.inject({ url: `/api/events/?${filter}&page_size=4` });
      expect(json.headers["access-control-allow-origin"]).toBe("*");
      const ids = (json.json() as { results: { id: number }[] }).results.map((event) => event.id);
      const linked = [...frame.body.matchAll(/href="\/party\/[^/"]+\/(\d+)"/g)].map((match) =>
        Number(match[1]),
      );
      expect(linked).toEqual(ids);
    }
  });

  it("follows the chosen theme, or the visitor's colour scheme", async () => {
    const dark = await app.inject({ url: `/einbinden/programm?club=${club.id}&theme=dark` });
    expect(dark.body).toContain('<html lang="de" data-theme="dark">');
    const auto = await app.inject({ url: `/einbinden/programm?club=${club.id}` });
    expect(auto.body).toContain('<html lang="de">');
    expect(auto.body).toContain("@media (prefers-color-scheme:dark)");
  });

  it("may be framed by any page, sets no cookie and allows nothing from elsewhere", async () => {
    const response = await client.send({ url: `/einbinden/programm?club=${club.id}` });
    const policy = String(response.headers["content-security-policy"]);
    expect(policy).toContain("frame-ancestors *");
    expect(policy).toContain("default-src 'none'");
    expect(policy).toMatch(/script-src 'sha256-[^']+'(;|$)/);
    expect(response.headers["x-frame-options"]).toBeUndefined();
    expect(response.headers["cross-origin-resource-policy"]).toBe("cross-origin");
    expect(response.headers["set-cookie"]).toBeUndefined();
    expect(response.body).not.toMatch(/(src|href)="(https?:)?\/\//);
    // Every other answer keeps helmet's frame guard.
    const feed = await client.send({ url: `/feeds/club/${club.id}.ics` });
    expect(feed.headers["x-frame-options"]).toBe("SAMEORIGIN");
  });

  it("is kept by the page cache under its normalised address", async () => {
    const url = `/einbinden/programm?theme=light&count=2&organizer=${crew.id}`;
    expect((await client.send({ url })).headers["x-page-cache"]).toBe("miss");
    const reordered = `/einbinden/programm?organizer=${crew.id}&count=2&theme=light`;
    const hit = await client.send({ url: reordered });
    expect(hit.headers["x-page-cache"]).toBe("hit");
    expect(hit.headers["content-security-policy"]).toContain("frame-ancestors *");
    expect(hit.headers["x-frame-options"]).toBeUndefined();
  });

  it("refuses addresses outside the few it reads, and keeps none of them", async () => {
    for (const query of [
      `club=${club.id}&utm_source=x`,
      `club=0${club.id}`,
      `club=${club.id}&club=${club.id}`,
      `club=${club.id}&genre=${genre.id}`,
      "count=0",
      "count=21",
      "count=05",
      "theme=pink",
      "club=abc",
    ]) {
      const url = `/einbinden/programm?${query}`;
      for (let attempt = 0; attempt < 2; attempt += 1) {
        const response = await client.send({ url });
        expect(response.statusCode, query).toBe(400);
        expect(response.headers["x-page-cache"], query).toBeUndefined();
        expect(response.body).toContain("Kopiere den Code bitte neu.");
        expect(response.headers["content-security-policy"]).toContain("frame-ancestors *");
      }
    }
    const unknown = await client.send({ url: "/einbinden/programm?club=999999" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain("gibt es hier nicht (mehr)");
  });
});

describe("the sizing script", () => {
  it("is served for other sites' pages and trusts only messages from this site", async () => {
    const response = await client.send({ url: "/einbinden/programm.js" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(response.headers["cross-origin-resource-policy"]).toBe("cross-origin");
    expect(response.headers["set-cookie"]).toBeUndefined();
    expect(response.body).toContain('var origin = "http://localhost:3000";');
    expect(response.body).toContain("event.origin !== origin");
    expect((await client.send({ url: "/einbinden/programm.js" })).headers["x-page-cache"]).toBe(
      "hit",
    );
  });
});
