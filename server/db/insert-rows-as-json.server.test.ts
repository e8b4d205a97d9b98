import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestContext, type TestContext } from "#tests/setup/test-database.ts";
import { eventGenres, events } from "#server/db/schema/events.ts";
import { genreCategories, genres } from "#server/db/schema/catalog.ts";
import { insertRowsAsJson } from "./insert-rows-as-json.server.ts";

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx.close();
});

const startsAt = new Date("2026-03-28T23:30:00Z");

it("stores every kind of value as drizzle's own insert would, and answers the ids in order", async () => {
  const { db } = ctx.deps;
  const rows = ["Nacht eins", "Nacht zwei — mit Strich", "Nacht drei"].map((title, index) => ({
    title,
    slug: `nacht-${index}`,
    description: 'Äpfel, Öl & "Zitate"\n\\ Backslash',
    startsAt,
    endsAt: new Date(startsAt.getTime() + (6 + index) * 3_600_000),
    venueName: "Halle",
    priceMinCents: index === 1 ? null : 1_000,
    ageLimit: 18,
    mediaUrls: [`https://example.org/${index}`],
    doorFacts: { awarenessTeam: true, awarenessContact: 'Weste "Awareness"' },
    isOnline: index === 2,
    status: "published" as const,
    topUntil: index === 0 ? startsAt : null,
  }));

  const ids = await insertRowsAsJson(db, events, rows, { returningIds: true });

  expect(ids).toHaveLength(3);
  const stored = await db.select().from(events).where(inArray(events.id, ids));
  const byId = new Map(stored.map((row) => [row.id, row]));
  rows.forEach((row, index) => {
    expect(byId.get(ids[index]!)).toMatchObject({
      ...row,
      // Columns the rows do not name keep their defaults.
      revision: expect.any(Number),
      createdAt: expect.any(Date),
    });
  });
});

it("leaves out nothing a row lacks only where the column has no default, and refuses otherwise", async () => {
  const { db } = ctx.deps;
  const [category] = await db
    .insert(genreCategories)
    .values({ name: "Test", slug: "test-json" })
    .returning();
  const [genre] = await db
    .insert(genres)
    .values({ name: "Testgenre", slug: "testgenre-json", categoryId: category!.id })
    .returning();
  const [event] = await insertRowsAsJson(
    db,
    events,
    [{ title: "Ohne Preis", slug: "ohne-preis", description: "", startsAt, endsAt: startsAt }],
    { returningIds: true },
  );
  await insertRowsAsJson(db, eventGenres, [{ eventId: event!, genreId: genre!.id }]);
  expect(await db.select().from(eventGenres).where(eq(eventGenres.eventId, event!))).toEqual([
    { eventId: event!, genreId: genre!.id },
  ]);

  await expect(
    insertRowsAsJson(db, events, [
      { title: "A", slug: "a-json", description: "", startsAt, endsAt: startsAt, ageLimit: 18 },
      { title: "B", slug: "b-json", description: "", startsAt, endsAt: startsAt, isOnline: true },
    ]),
  ).rejects.toThrow(/isOnline/);
});

it("inserts nothing for no rows", async () => {
  expect(await insertRowsAsJson(ctx.deps.db, events, [], { returningIds: true })).toEqual([]);
});
