import { and, eq, inArray, or, type SQL, type SQLWrapper } from "drizzle-orm";
import { genreCategories, genres } from "#server/db/schema/catalog.ts";
import type { DomainDeps } from "#server/domain/deps.ts";

/*
 * Genre families (decision 0125): the families are the genre categories, and a genre named like
 * its category ("Drum and Bass" in "Drum and Bass") is the family genre, which stands for every
 * genre of that category (Liquid Funk, Neurofunk, Jungle …). Listings, filters, feeds, the
 * overview and search all follow these two functions.
 */

/** Joins a genre to its category when it is that category's family genre. */
export function isFamilyGenreOf(): SQL {
  return and(eq(genreCategories.id, genres.categoryId), eq(genreCategories.slug, genres.slug))!;
}

/**
 * The chosen genres (ids or a subquery of ids) and, for each family genre among them, its whole
 * family.
 */
export function withGenreFamilies(deps: DomainDeps, genreIds: number[] | SQLWrapper) {
  const families = deps.db
    .select({ id: genreCategories.id })
    .from(genres)
    .innerJoin(genreCategories, isFamilyGenreOf())
    .where(inArray(genres.id, genreIds));
  return deps.db
    .select({ id: genres.id })
    .from(genres)
    .where(or(inArray(genres.id, genreIds), inArray(genres.categoryId, families)));
}
