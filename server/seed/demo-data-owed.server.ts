import type { Database } from "#server/db/client.server.ts";
import { genreCategories } from "#server/db/schema/catalog.ts";
import { pendingDemoPictures } from "#server/db/schema/demo-pictures.ts";

/*
 * What a start still owes the demo data, each asked with one small query: the process that owns
 * the database asks before it starts a child for the work (decision 0247), so a start on a
 * seeded data folder starts none and loads none of the seed's modules.
 */

/** Whether any genre category exists: the demo seed's test for a database that is not empty. */
export async function hasGenreCategories(db: Database): Promise<boolean> {
  return (await db.select({ id: genreCategories.id }).from(genreCategories).limit(1)).length > 0;
}

/** Whether demo pictures wait to be drawn (decision 0204). */
export async function hasPendingDemoPictures(db: Database): Promise<boolean> {
  const rows = await db.select({ id: pendingDemoPictures.id }).from(pendingDemoPictures).limit(1);
  return rows.length > 0;
}
