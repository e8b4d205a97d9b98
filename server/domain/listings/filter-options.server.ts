import { sql } from "drizzle-orm";
import { locations, organizers } from "#server/db/schema/catalog.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { listGenres } from "#server/domain/genres/genres.server.ts";
import { memoiseByContentVersion } from "#server/domain/content-version/content-version.server.ts";

export interface ListingFilterOptions {
  genres: { id: number; name: string }[];
  clubs: { id: number; name: string }[];
  organizers: { id: number; name: string }[];
}

async function loadFilterOptions(deps: DomainDeps): Promise<ListingFilterOptions> {
  const [genreRows, clubRows, organizerRows] = await Promise.all([
    listGenres(deps),
    deps.db
      .select({ id: locations.id, name: locations.name })
      .from(locations)
      .orderBy(sql`${locations.name} collate "und-x-icu"`),
    deps.db
      .select({ id: organizers.id, name: organizers.name })
      .from(organizers)
      .orderBy(sql`${organizers.name} collate "und-x-icu"`),
  ]);
  return {
    genres: genreRows.map(({ id, name }) => ({ id, name })),
    clubs: clubRows,
    organizers: organizerRows,
  };
}

/** What the listing's filter form offers, rebuilt only when the catalogue changes. */
export const listingFilterOptions = memoiseByContentVersion(loadFilterOptions);
