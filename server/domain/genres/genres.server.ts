import { and, asc, eq, gte, inArray, sql } from "drizzle-orm";
import { genreCategories, genres } from "#server/db/schema/catalog.ts";
import { eventGenres, events } from "#server/db/schema/events.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { NotFoundError } from "#server/domain/errors.ts";
import { isFamilyGenreOf } from "#server/domain/event-query/genre-families.server.ts";
import { publicStatuses, tonightStart } from "#server/domain/event-query/event-query-kit.server.ts";

export interface Genre {
  id: number;
  name: string;
  slug: string;
  categoryId: number;
  isMain: boolean;
}

export interface GenreCategory {
  id: number;
  name: string;
  slug: string;
  genres: Genre[];
}

const genreColumns = {
  id: genres.id,
  name: genres.name,
  slug: genres.slug,
  categoryId: genres.categoryId,
  isMain: genres.isMain,
};

export async function listGenres({ db }: DomainDeps): Promise<Genre[]> {
  return db
    .select(genreColumns)
    .from(genres)
    .innerJoin(genreCategories, eq(genres.categoryId, genreCategories.id))
    .orderBy(asc(genreCategories.position), asc(genres.position), asc(genres.name));
}

export async function getGenre({ db }: DomainDeps, id: number): Promise<Genre> {
  const [genre] = await db.select(genreColumns).from(genres).where(eq(genres.id, id));
  if (!genre) throw new NotFoundError("Dieses Genre gibt es nicht.");
  return genre;
}

export async function getGenreBySlug({ db }: DomainDeps, slug: string): Promise<Genre> {
  const [genre] = await db.select(genreColumns).from(genres).where(eq(genres.slug, slug));
  if (!genre) throw new NotFoundError("Dieses Genre gibt es nicht.");
  return genre;
}

/** Upcoming public parties per genre id (genres without any are missing). */
export async function upcomingCountsByGenre(deps: DomainDeps): Promise<Map<number, number>> {
  const upcoming = and(
    inArray(events.status, [...publicStatuses]),
    gte(events.startsAt, tonightStart(deps)),
  );
  const [rows, families] = await Promise.all([
    deps.db
      .select({ genreId: eventGenres.genreId, count: sql<number>`count(*)::int` })
      .from(eventGenres)
      .innerJoin(events, eq(events.id, eventGenres.eventId))
      .where(upcoming)
      .groupBy(eventGenres.genreId),
    // A family genre counts its whole family's parties, each once (decision 0125).
    deps.db
      .select({
        categoryId: genres.categoryId,
        count: sql<number>`count(distinct ${events.id})::int`,
      })
      .from(eventGenres)
      .innerJoin(events, eq(events.id, eventGenres.eventId))
      .innerJoin(genres, eq(genres.id, eventGenres.genreId))
      .where(upcoming)
      .groupBy(genres.categoryId),
  ]);
  const counts = new Map(rows.map((row) => [row.genreId, row.count]));
  const familyGenres = await deps.db
    .select({ id: genres.id, categoryId: genres.categoryId })
    .from(genres)
    .innerJoin(genreCategories, isFamilyGenreOf());
  for (const family of familyGenres) {
    const count = families.find((row) => row.categoryId === family.categoryId)?.count;
    if (count !== undefined) counts.set(family.id, count);
  }
  return counts;
}

/** Categories with their genres, as the "Weitere Genres" overlay groups them. */
export async function listCategoriesWithGenres(deps: DomainDeps): Promise<GenreCategory[]> {
  const [categories, allGenres] = await Promise.all([
    deps.db
      .select({ id: genreCategories.id, name: genreCategories.name, slug: genreCategories.slug })
      .from(genreCategories)
      .orderBy(asc(genreCategories.position), asc(genreCategories.name)),
    listGenres(deps),
  ]);
  return categories.map((category) => ({
    ...category,
    genres: allGenres.filter((genre) => genre.categoryId === category.id),
  }));
}
