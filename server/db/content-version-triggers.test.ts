import { and, eq, lte } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentVersion } from "#server/db/schema/content-version.ts";
import { ads } from "#server/db/schema/ads.ts";
import { genreCategories, genres } from "#server/db/schema/catalog.ts";
import { createTestContext, type TestContext } from "#tests/setup/test-database.ts";

/**
 * The content version triggers of migration 0016 (decision 0170): it moves with each
 * statement that changes what pages show, and stays put for statements that change nothing.
 */
let context: TestContext;
beforeAll(async () => {
  context = await createTestContext();
});
afterAll(async () => context.close());

async function version(): Promise<number> {
  const [row] = await context.deps.db.select().from(contentVersion);
  return Number(row?.version ?? 0);
}

describe("the content version", () => {
  it("stays put for statements that change no row, like the minute's end of ads when none ended", async () => {
    const before = await version();
    await context.deps.db
      .update(ads)
      .set({ status: "expired" })
      .where(and(eq(ads.status, "active"), lte(ads.endsAt, new Date())));
    await context.deps.db.update(ads).set({ title: "x" }).where(eq(ads.id, -1));
    await context.deps.db.delete(genres).where(eq(genres.slug, "gibt-es-nicht"));
    expect(await version()).toBe(before);
  });

  it("moves with every insert, update and delete that changes a row", async () => {
    let before = await version();
    const [category] = await context.deps.db
      .insert(genreCategories)
      .values({ name: "Versionstest", slug: "versionstest" })
      .returning();
    expect(await version()).toBeGreaterThan(before);

    before = await version();
    await context.deps.db
      .insert(genres)
      .values({ name: "Versionstest", slug: "versionstest", categoryId: category!.id });
    expect(await version()).toBeGreaterThan(before);

    before = await version();
    await context.deps.db
      .update(genres)
      .set({ name: "Versionstest 2" })
      .where(eq(genres.slug, "versionstest"));
    expect(await version()).toBeGreaterThan(before);

    before = await version();
    await context.deps.db.delete(genres).where(eq(genres.slug, "versionstest"));
    expect(await version()).toBeGreaterThan(before);
  });
});
