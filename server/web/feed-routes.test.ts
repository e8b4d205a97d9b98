import { eq } from "drizzle-orm";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import type { FastifyInstance } from "fastify";
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClub, createEvent, createGenre, createOrganizer } from "#tests/factories/catalog.ts";
import { createTestContext, type TestContext } from "#tests/setup/test-database.ts";
import { listenForTests } from "#tests/setup/http-client.ts";
import { buildApp } from "#server/app.ts";
import { redirects } from "#server/db/schema/content.ts";
import { events } from "#server/db/schema/events.ts";
import { sitemapIndexXml, sitemapPartXml } from "#server/domain/seo/sitemap.server.ts";

// The clock stands at Friday 2026-11-20, 21:00 in Berlin.
let ctx: TestContext;
let app: FastifyInstance;
/** Real connections: cache hits are answered before Fastify, which `inject` skips (0203). */
let client: Awaited<ReturnType<typeof listenForTests>>;
let club: Awaited<ReturnType<typeof createClub>>;
let summerParty: Awaited<ReturnType<typeof createEvent>>;
let winterParty: Awaited<ReturnType<typeof createEvent>>;

beforeAll(async () => {
  ctx = await createTestContext({ config: { PAGE_CACHE_SECONDS: "30" } });
  app = await buildApp({ deps: ctx.deps });
  club = await createClub(ctx.deps, { name: "Kantine; Süd, Halle" });
  const genre = await createGenre(ctx.deps, { name: "Techno" });
  const crew = await createOrganizer(ctx.deps, { name: "Crew" });
  winterParty = await createEvent(ctx.deps, {
    title: "Winter, Nacht & Nebel",
    startsAt: "2026-11-21T22:00:00Z",
    endsAt: new Date("2026-11-22T05:30:00Z"),
    locationId: club.id,
    genreIds: [genre.id],
    organizerIds: [crew.id],
    description: "**Lang** – mit Ümläuten und einer sehr langen Zeile ".repeat(4),
  });
  // The night the clocks go back: 2027-03-27 is before the spring change, the party spans it.
  summerParty = await createEvent(ctx.deps, {
    title: "Zeitumstellung",
    startsAt: "2027-03-27T22:00:00Z",
    endsAt: new Date("2027-03-28T04:00:00Z"),
    locationId: club.id,
    status: "cancelled",
  });
  client = await listenForTests(app, "localhost:3000");
});

afterAll(async () => {
  await client.close();
  await ctx.close();
});

describe("iCalendar feeds", () => {
  it("round-trips the club feed through ical.js with local times across the DST change", async () => {
    const response = await app.inject({ url: `/feeds/club/${club.id}.ics` });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/calendar; charset=utf-8");
    expect(response.body.split("\r\n").every((line) => Buffer.byteLength(line) <= 75)).toBe(true);

    const calendar = new ICAL.Component(ICAL.parse(response.body));
    const zone = calendar.getFirstSubcomponent("vtimezone");
    expect(zone?.getFirstPropertyValue("tzid")).toBe("Europe/Berlin");
    ICAL.TimezoneService.register(zone!);
    const parsed = calendar.getAllSubcomponents("vevent").map((vevent) => new ICAL.Event(vevent));
    expect(parsed.map((event) => event.summary)).toEqual([
      "Winter, Nacht & Nebel",
      "Abgesagt: Zeitumstellung",
    ]);
    expect(parsed[0]!.uid).toBe(`party-${winterParty.id}@localhost`);
    expect(parsed[0]!.location).toBe(
      "Kantine; Süd, Halle, Karl-Liebknecht-Straße 1, 04107 Leipzig",
    );
    expect(parsed[0]!.startDate.toJSDate().toISOString()).toBe("2026-11-21T22:00:00.000Z");
    expect(parsed[0]!.description).toContain("Lang – mit Ümläuten");
    expect(parsed[1]!.startDate.toJSDate().toISOString()).toBe("2027-03-27T22:00:00.000Z");
    // 06:00 on the Sunday is summer time already (+02:00).
    expect(parsed[1]!.endDate.toJSDate().toISOString()).toBe("2027-03-28T04:00:00.000Z");
    expect(parsed[1]!.component.getFirstPropertyValue("status")).toBe("CANCELLED");
  });

  it("keeps UIDs stable and serves one party as a file", async () => {
    const first = await app.inject({ url: `/feeds/party/${winterParty.id}.ics` });
    expect(first.headers["content-disposition"]).toBe(
      `attachment; filename="party-${winterParty.id}.ics"`,
    );
    const again = await app.inject({ url: "/feeds/partys.ics" });
    expect(first.body).toContain(`UID:party-${winterParty.id}@localhost`);
    expect(again.body).toContain(`UID:party-${winterParty.id}@localhost`);
  });

  it("answers 404 for unknown feeds", async () => {
    for (const url of [
      "/feeds/club/999999.ics",
      "/feeds/party/1x.ics",
      "/feeds/etwas.ics",
      "/feeds/band/1.ics",
    ]) {
      expect((await app.inject({ url })).statusCode).toBe(404);
    }
  });
});

describe("RSS, sitemap and robots.txt", () => {
  it("serves well-formed RSS 2.0 with the parties", async () => {
    const response = await app.inject({ url: "/feeds/partys.rss" });
    expect(XMLValidator.validate(response.body)).toBe(true);
    const rss = new XMLParser().parse(response.body).rss.channel;
    expect(rss.item.map((item: { title: string }) => item.title)).toEqual([
      "Winter, Nacht & Nebel",
      "Zeitumstellung",
    ]);
    expect(rss.item[1].description).toContain("Abgesagt");
  });

  it("splits the sitemap into parts of at most the limit, every public party listed once", async () => {
    await createEvent(ctx.deps, {
      title: "Entwurf",
      startsAt: "2026-12-01T22:00:00Z",
      status: "draft",
    });
    const index = new XMLParser().parse(await sitemapIndexXml(ctx.deps, 3)).sitemapindex.sitemap;
    // 4 fixed pages + 1 genre + 1 club + 1 organiser + 2 public parties = 9 URLs → 3 parts.
    expect(index.map((entry: { loc: string }) => entry.loc)).toEqual([
      "http://localhost:3000/sitemaps/1.xml",
      "http://localhost:3000/sitemaps/2.xml",
      "http://localhost:3000/sitemaps/3.xml",
    ]);
    const locations: string[] = [];
    for (const part of [1, 2, 3]) {
      const xml = (await sitemapPartXml(ctx.deps, part, 3))!;
      expect(XMLValidator.validate(xml)).toBe(true);
      const urls = [new XMLParser().parse(xml).urlset.url].flat();
      expect(urls.length).toBeLessThanOrEqual(3);
      locations.push(...urls.map((url: { loc: string }) => url.loc));
    }
    expect(new Set(locations).size).toBe(9);
    expect(locations).toContain(`http://localhost:3000/party/zeitumstellung/${summerParty.id}`);
    expect(await sitemapPartXml(ctx.deps, 4, 3)).toBeNull();
    expect((await app.inject({ url: "/sitemaps/2.xml" })).statusCode).toBe(404);
    expect(XMLValidator.validate((await app.inject({ url: "/sitemap.xml" })).body)).toBe(true);
  });

  it("points crawlers at the sitemap and away from the user area", async () => {
    const robots = (await app.inject({ url: "/robots.txt" })).body;
    expect(robots).toContain("Sitemap: http://localhost:3000/sitemap.xml");
    expect(robots).toContain("Disallow: /user");
  });
});

describe("anonymous page cache and redirects", () => {
  it("serves a public answer from memory until the data changes", async () => {
    const url = `/feeds/club/${club.id}.rss`;
    const first = await client.send({ url });
    expect(first.headers["x-page-cache"]).toBe("miss");
    expect(first.headers["cache-control"]).toContain("s-maxage=");
    expect(first.headers["cache-control"]).toContain("stale-while-revalidate=");
    const second = await client.send({ url });
    expect(second.headers["x-page-cache"]).toBe("hit");
    expect(second.body).toBe(first.body);

    const signedIn = await client.send({ url, headers: { cookie: "auth_access=x" } });
    expect(signedIn.headers["x-page-cache"]).toBeUndefined();
    expect(signedIn.headers["cache-control"]).toBe("private, no-store");

    await ctx.deps.db
      .update(events)
      .set({ title: "Umbenannt" })
      .where(eq(events.id, winterParty.id));
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const afterChange = await client.send({ url });
    expect(afterChange.headers["x-page-cache"]).toBe("miss");
    expect(afterChange.body).toContain("Umbenannt");
  });

  it("keeps one copy per remembered theme", async () => {
    const url = `/feeds/club/${club.id}.ics`;
    const cacheState = async (cookie: string) =>
      (await client.send({ url, headers: { cookie } })).headers["x-page-cache"];
    await cacheState("theme=dark");
    expect(await cacheState("theme=dark")).toBe("hit");
    expect(await cacheState("theme=light")).toBe("miss");
  });

  it("answers old addresses from the redirects table with their status", async () => {
    await ctx.deps.db
      .insert(redirects)
      .values({ fromPath: "/clubs/kantine", toPath: `/club/x/${club.id}` });
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const response = await app.inject({ url: "/clubs/kantine/?utm=1" });
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe(`/club/x/${club.id}?utm=1`);
  });
});
