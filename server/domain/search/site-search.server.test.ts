import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClub, createEvent, createGenre, createOrganizer } from "#tests/factories/catalog.ts";
import { createTestContext, type TestContext } from "#tests/setup/test-database.ts";
import { firstPage } from "#server/domain/paging.ts";
import { autocomplete, search } from "./site-search.server.ts";

// The clock stands at Friday 2026-11-20, 21:00 in Berlin.
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
  const berghain = await createClub(ctx.deps, { name: "Berghain" });
  const dnb = await createGenre(ctx.deps, { name: "Drum and Bass", categoryName: "Bass" });
  const mueller = await createOrganizer(ctx.deps, { name: "Müller Kollektiv" });
  await createEvent(ctx.deps, {
    title: "Klubnacht",
    startsAt: "2026-11-21T22:00:00Z",
    locationId: berghain.id,
  });
  await createEvent(ctx.deps, {
    title: "Liquid Sunday",
    startsAt: "2026-11-22T15:00:00Z",
    genreIds: [dnb.id],
  });
  await createEvent(ctx.deps, { title: "DnB Allnighter", startsAt: "2026-11-27T22:00:00Z" });
  await createEvent(ctx.deps, { title: "Drum & Bass am Hafen", startsAt: "2026-11-28T22:00:00Z" });
  await createEvent(ctx.deps, { title: "Straßenfest", startsAt: "2026-11-28T12:00:00Z" });
  await createEvent(ctx.deps, {
    title: "Hinterhof",
    startsAt: "2026-11-29T20:00:00Z",
    organizerIds: [mueller.id],
    description: "Wir feiern unsere legendären Partys im Hinterhof.",
  });
  await createEvent(ctx.deps, { title: "Berghain Vergangen", startsAt: "2026-11-01T22:00:00Z" });
});

afterAll(async () => {
  await ctx.close();
});

const partyTitles = async (text: string) =>
  (await search(ctx.deps, text, firstPage)).parties.items.map((event) => event.title);

describe("site search", () => {
  it("forgives a typo: 'berghan' finds the club and its upcoming parties", async () => {
    const results = await search(ctx.deps, "berghan", firstPage);
    expect(results.clubs.map((hit) => hit.title)).toEqual(["Berghain"]);
    expect(results.parties.items.map((event) => event.title)).toEqual(["Klubnacht"]);
  });

  it("finds the same parties for 'dnb', 'drum & bass' and 'Drum and Bass'", async () => {
    const expected = ["Liquid Sunday", "DnB Allnighter", "Drum & Bass am Hafen"];
    expect(await partyTitles("dnb")).toEqual(expected);
    expect(await partyTitles("drum & bass")).toEqual(expected);
    expect(await partyTitles("Drum and Bass")).toEqual(expected);
  });

  it("matches ß and ss, umlauts and their ae/oe/ue spellings", async () => {
    expect(await partyTitles("strasse")).toEqual(["Straßenfest"]);
    expect(await partyTitles("Mueller")).toEqual(["Hinterhof"]);
    expect(await partyTitles("müller")).toEqual(["Hinterhof"]);
  });

  it("searches descriptions in German full text (stemming)", async () => {
    expect(await partyTitles("legendäre Partys")).toEqual(["Hinterhof"]);
  });

  it("finds nothing for one character, stop words or markup", async () => {
    expect(await partyTitles("a")).toEqual([]);
    expect(await partyTitles("die")).toEqual([]);
    expect(await partyTitles("<script>alert(1)</script>")).toEqual([]);
    expect(await partyTitles("'; drop table events; --")).toEqual([]);
  });

  it("suggests parties, clubs, organisers and genres while typing", async () => {
    const hits = await autocomplete(ctx.deps, "berg");
    expect(hits.map((hit) => [hit.kind, hit.title])).toEqual([["club", "Berghain"]]);
    const genreHits = await autocomplete(ctx.deps, "drum");
    expect(genreHits.map((hit) => hit.kind)).toContain("genre");
    expect(genreHits.find((hit) => hit.kind === "party")?.path).toMatch(
      /^\/party\/dnb-allnighter\/\d+$/,
    );
  });
});
