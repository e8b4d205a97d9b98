import { afterAll, beforeAll, expect, it } from "vitest";
import { createEvent, createGenre } from "#tests/factories/catalog.ts";
import { createTestContext, type TestContext } from "#tests/setup/test-database.ts";
import { listEvents } from "#server/domain/events/public-events.server.ts";
import { upcomingCountsByGenre } from "./genres.server.ts";

// The clock stands at Friday 2026-11-20, 21:00 in Berlin.
let ctx: TestContext;
const genre: Record<string, number> = {};

beforeAll(async () => {
  ctx = await createTestContext();
  for (const [name, categoryName] of [
    ["Drum and Bass", "Drum and Bass"],
    ["Liquid Funk", "Drum and Bass"],
    ["Neurofunk", "Drum and Bass"],
    ["Techno", "Techno"],
    ["Dubstep", "Bass"],
  ] as const) {
    genre[name] = (await createGenre(ctx.deps, { name, categoryName })).id;
  }
  const party = (title: string, genreName: string) =>
    createEvent(ctx.deps, {
      title,
      startsAt: "2026-11-21T22:00:00Z",
      genreIds: [genre[genreName]!],
    });
  await party("Liquid Lounge", "Liquid Funk");
  await party("Neuro Nacht", "Neurofunk");
  await party("DnB Classics", "Drum and Bass");
  await party("Klubnacht", "Techno");
  await party("Wobble", "Dubstep");
});

afterAll(async () => {
  await ctx?.close();
});

const titles = async (genreIds: number[]) =>
  (await listEvents(ctx.deps, { genreIds }, { page: 1, pageSize: 50 })).items
    .map((event) => event.title)
    .sort();

it("rolls a family genre up: Drum and Bass includes Liquid Funk and Neurofunk", async () => {
  expect(await titles([genre["Drum and Bass"]!])).toEqual([
    "DnB Classics",
    "Liquid Lounge",
    "Neuro Nacht",
  ]);
});

it("keeps a member genre to itself and families apart", async () => {
  expect(await titles([genre["Liquid Funk"]!])).toEqual(["Liquid Lounge"]);
  expect(await titles([genre["Dubstep"]!])).toEqual(["Wobble"]);
  expect(await titles([genre["Techno"]!, genre["Neurofunk"]!])).toEqual([
    "Klubnacht",
    "Neuro Nacht",
  ]);
});

it("counts a family genre's whole family on the overview, each party once", async () => {
  const counts = await upcomingCountsByGenre(ctx.deps);
  expect(counts.get(genre["Drum and Bass"]!)).toBe(3);
  expect(counts.get(genre["Liquid Funk"]!)).toBe(1);
  expect(counts.get(genre["Dubstep"]!)).toBe(1);
});
