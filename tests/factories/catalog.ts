import { slugify } from "#common/slug.ts";
import { genreCategories, genres, locations, organizers } from "#server/db/schema/catalog.ts";
import { eventGenres, eventOrganizers, events } from "#server/db/schema/events.ts";
import type { DomainDeps } from "#server/domain/deps.ts";

/** Small builders that put exactly what a test needs into its database. */

let sequence = 0;
const next = () => ++sequence;

export async function createGenre(
  { db }: DomainDeps,
  overrides: { name?: string; categoryName?: string; isMain?: boolean } = {},
) {
  const categoryName = overrides.categoryName ?? "Techno";
  const [category] = await db
    .insert(genreCategories)
    .values({ name: categoryName, slug: slugify(categoryName) })
    .onConflictDoUpdate({ target: genreCategories.slug, set: { name: categoryName } })
    .returning();
  const name = overrides.name ?? `Genre ${next()}`;
  const [genre] = await db
    .insert(genres)
    .values({
      name,
      slug: slugify(name),
      categoryId: category!.id,
      isMain: overrides.isMain ?? false,
    })
    .returning();
  return genre!;
}

export async function createClub({ db, config }: DomainDeps, overrides: { name?: string } = {}) {
  const name = overrides.name ?? `Club ${next()}`;
  const [club] = await db
    .insert(locations)
    .values({
      name,
      slug: slugify(name),
      address: "Karl-Liebknecht-Straße 1",
      postcode: "04107",
      city: config.city.name,
      lat: 51.33,
      lng: 12.37,
    })
    .returning();
  return club!;
}

export async function createOrganizer({ db }: DomainDeps, overrides: { name?: string } = {}) {
  const name = overrides.name ?? `Kollektiv ${next()}`;
  const [organizer] = await db
    .insert(organizers)
    .values({ name, slug: slugify(name) })
    .returning();
  return organizer!;
}

export async function createEvent(
  { db }: DomainDeps,
  overrides: Omit<Partial<typeof events.$inferInsert>, "startsAt"> & {
    startsAt: Date | string;
    genreIds?: number[];
    organizerIds?: number[];
  },
) {
  const { genreIds = [], organizerIds = [], startsAt, ...columns } = overrides;
  const title = columns.title ?? `Party ${next()}`;
  const [event] = await db
    .insert(events)
    .values({
      title,
      slug: slugify(title),
      status: "published",
      ...columns,
      startsAt: new Date(startsAt),
    })
    .returning();
  if (genreIds.length > 0) {
    await db
      .insert(eventGenres)
      .values(genreIds.map((genreId) => ({ eventId: event!.id, genreId })));
  }
  if (organizerIds.length > 0) {
    await db.insert(eventOrganizers).values(
      organizerIds.map((organizerId, position) => ({
        eventId: event!.id,
        organizerId,
        position,
      })),
    );
  }
  return event!;
}
