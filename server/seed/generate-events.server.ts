import { eq, sql } from "drizzle-orm";
import { addDays, partyNightOf } from "#common/dates.ts";
import { genreCategories, genres, locations, organizers } from "#server/db/schema/catalog.ts";
import { createRandom } from "./random.ts";
import {
  createDemoEventFactory,
  createNightPicker,
  insertEventDrafts,
  organizerWithSeries,
  seedDemoDataPicturesLater,
  type DemoEventDraft,
  type EventCatalogue,
  type SeedDeps,
} from "./seed-demo.server.ts";

/** Events per multi-row insert (about 16 parameters each, well below PostgreSQL's 65,535). */
const BATCH_SIZE = 2_000;
const PAST_NIGHTS = 60;
const FUTURE_NIGHTS = 365;

async function loadCatalogue({ db }: SeedDeps): Promise<EventCatalogue> {
  const [genreRows, clubRows, organizerRows] = await Promise.all([
    db
      .select({ id: genres.id, name: genres.name, categorySlug: genreCategories.slug })
      .from(genres)
      .innerJoin(genreCategories, eq(genres.categoryId, genreCategories.id)),
    db.select({ id: locations.id, name: locations.name }).from(locations),
    db.select({ id: organizers.id, name: organizers.name }).from(organizers),
  ]);
  return { genres: genreRows, clubs: clubRows, organizers: organizerRows.map(organizerWithSeries) };
}

/**
 * Inserts `count` published events (for benchmarks) over the past 60 and next 365 party nights,
 * with genre and organiser links, in batches so memory stays flat. Seeds the demo catalogue
 * first when the database has none; its pictures wait for the site, which draws them once it
 * answers (decision 0204), as after any first start. Ends with `VACUUM (ANALYZE)`. Returns how
 * many events were inserted.
 */
export async function generateEvents(
  deps: SeedDeps,
  count: number,
  options: { seed?: number } = {},
): Promise<number> {
  if (!Number.isInteger(count) || count < 0) {
    throw new RangeError(`count must be a non-negative integer, got ${count}`);
  }
  if (count === 0) return 0;
  const existing = await deps.db.select({ id: genreCategories.id }).from(genreCategories).limit(1);
  if (existing.length === 0) await seedDemoDataPicturesLater(deps);
  const catalogue = await loadCatalogue(deps);
  if (catalogue.genres.length === 0) {
    throw new Error("Cannot generate events: the database has genre categories but no genres.");
  }

  const now = deps.now();
  const { timeZone, name: cityName } = deps.config.city;
  const random = createRandom(options.seed ?? 1);
  const firstNight = addDays(partyNightOf(now, timeZone), -PAST_NIGHTS);
  const pickNight = createNightPicker(random, firstNight, PAST_NIGHTS + FUTURE_NIGHTS);
  const makeEvent = createDemoEventFactory(random, catalogue, { timeZone, cityName, now });

  let inserted = 0;
  while (inserted < count) {
    const size = Math.min(BATCH_SIZE, count - inserted);
    const batch: DemoEventDraft[] = [];
    for (let i = 0; i < size; i++) {
      batch.push(makeEvent({ night: pickNight(), venue: random.chance(0.05) ? "free" : "club" }));
    }
    await deps.db.transaction(async (tx) => {
      await insertEventDrafts(tx, batch);
    });
    inserted += size;
  }
  // A generated database stands for one that has run a while: its statistics read and its
  // visibility map set, so index-only scans answer from the index. Left to autovacuum, that work
  // ran within the next minute — while a benchmark measured the site on it.
  await deps.db.execute(sql`vacuum (analyze)`);
  return inserted;
}
