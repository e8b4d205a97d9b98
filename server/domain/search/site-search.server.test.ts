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
  const neurofunk = await createGenre(ctx.deps, { name: "Neurofunk", categoryName: "Bass" });
  const hafenbar = await createClub(ctx.deps, { name: "Hafenbar" });
  await createEvent(ctx.deps, {
    title: "Tiefgang",
    startsAt: "2026-11-27T21:00:00Z",
    genreIds: [neurofunk.id],
    locationId: hafenbar.id,
  });
  // Monday 00:30 in Berlin: Sunday's party night.
  await createEvent(ctx.deps, {
    title: "Sonntagsschicht",
    startsAt: "2026-11-22T23:30:00Z",
    venueName: "Wiese am Auensee",
    venueAddress: "Gustav-Esche-Straße 4, 04159 Leipzig",
  });
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

  it("suggests for two letters the names with a word that starts with them (decision 0207)", async () => {
    const titles = async (text: string) =>
      (await autocomplete(ctx.deps, text)).map((hit) => `${hit.kind} ${hit.title}`);
    expect(await titles("ti")).toEqual(["party Tiefgang"]);
    // The start of any word of the name, not only of the first.
    expect(await titles("ha")).toEqual(
      expect.arrayContaining(["club Hafenbar", "party Drum & Bass am Hafen"]),
    );
    // Inside a word is not a start: "gh" of Berghain, "nd" of Hinterhof.
    expect(await titles("gh")).toEqual([]);
  });

  it("forgives a dropped letter: 'nerofunk' finds Neurofunk, 'hafnbar' finds Hafenbar", async () => {
    const genre = await search(ctx.deps, "nerofunk", firstPage);
    expect(genre.genres.map((hit) => hit.title)).toEqual(["Neurofunk"]);
    expect(genre.parties.items.map((event) => event.title)).toEqual(["Tiefgang"]);
    const club = await search(ctx.deps, "hafnbar", firstPage);
    expect(club.clubs.map((hit) => hit.title)).toEqual(["Hafenbar"]);
    expect(club.parties.items.map((event) => event.title)).toEqual(["Tiefgang"]);
    const suggestions = await autocomplete(ctx.deps, "nerofunk");
    expect(suggestions.map((hit) => [hit.kind, hit.title])).toContainEqual(["genre", "Neurofunk"]);
  });

  it("finds venues without a club page and their parties, with typos", async () => {
    const results = await search(ctx.deps, "auensee", firstPage);
    expect(results.venues).toEqual([
      expect.objectContaining({
        kind: "venue",
        title: "Wiese am Auensee",
        path: "/suche?q=Wiese+am+Auensee",
      }),
    ]);
    expect(results.parties.items.map((event) => event.title)).toEqual(["Sonntagsschicht"]);
    expect(await partyTitles("auenseee")).toEqual(["Sonntagsschicht"]);
    const hits = await autocomplete(ctx.deps, "Wiese am Auen");
    expect(hits.map((hit) => [hit.kind, hit.title])).toContainEqual(["venue", "Wiese am Auensee"]);
  });

  it("dates a suggested party by its party night, as every listing does", async () => {
    const hits = await autocomplete(ctx.deps, "Sonntagsschicht");
    expect(hits.find((hit) => hit.kind === "party")?.subtitle).toBe(
      "So., 22.11. · Wiese am Auensee",
    );
  });

  it("finds nothing (and fails nothing) for only punctuation", async () => {
    expect(await partyTitles("?!.,;:-–")).toEqual([]);
    expect(await autocomplete(ctx.deps, "%%__")).toEqual([]);
  });
});

describe("site search through genre families (decision 0126)", () => {
  let families: TestContext;

  beforeAll(async () => {
    families = await createTestContext();
    const party = async (title: string, genreName: string, categoryName: string) => {
      const genre = await createGenre(families.deps, { name: genreName, categoryName });
      await createEvent(families.deps, {
        title,
        startsAt: "2026-11-21T22:00:00Z",
        genreIds: [genre.id],
      });
    };
    await party("Flüssig", "Liquid Funk", "Drum and Bass");
    await party("Nervensäge", "Neurofunk", "Drum and Bass");
    await party("Urwald", "Jungle", "Drum and Bass");
    await party("Klassiker", "Drum and Bass", "Drum and Bass");
    await party("Wummern", "Dubstep", "Bass");
    await party("Stampfen", "Techno", "Techno");
    for (const name of ["Bassline", "Bass House", "UK Bass"]) {
      await createGenre(families.deps, { name, categoryName: "Sonstiges" });
    }
  });

  afterAll(async () => {
    await families?.close();
  });

  const found = async (text: string) =>
    (await search(families.deps, text, firstPage)).parties.items.map((event) => event.title).sort();

  it("finds every party of the family for its family genre, however it is spelled", async () => {
    const family = ["Flüssig", "Klassiker", "Nervensäge", "Urwald"];
    expect(await found("drum and bass")).toEqual(family);
    expect(await found("dnb")).toEqual(family);
    expect(await found("Drum & Bass")).toEqual(family);
  });

  it("finds every party of a family named 'Bass' that has no family genre", async () => {
    expect(await found("bass")).toEqual([
      "Flüssig",
      "Klassiker",
      "Nervensäge",
      "Urwald",
      "Wummern",
    ]);
  });

  it("keeps a member genre to itself", async () => {
    expect(await found("neurofunk")).toEqual(["Nervensäge"]);
    expect(await found("jungle")).toEqual(["Urwald"]);
  });

  it("offers the family genre first among equally good genre suggestions", async () => {
    const genreHits = (await autocomplete(families.deps, "bass")).filter(
      (hit) => hit.kind === "genre",
    );
    expect(genreHits[0]?.title).toBe("Drum and Bass");
    const dnbHits = (await autocomplete(families.deps, "dnb")).filter(
      (hit) => hit.kind === "genre",
    );
    expect(dnbHits.map((hit) => hit.title)).toEqual(["Drum and Bass"]);
  });
});
