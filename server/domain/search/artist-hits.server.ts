import { desc } from "drizzle-orm";
import { artistPath } from "#common/urls.ts";
import { artists } from "#server/db/schema/lineups.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { nameMatches, nameRank } from "#server/domain/event-query/search-match.server.ts";

/** Artists whose name matches, best match first (search results and suggestions). */
export async function matchingArtists(deps: DomainDeps, text: string, limit: number) {
  const rows = await deps.db
    .select({ id: artists.id, name: artists.name, slug: artists.slug })
    .from(artists)
    .where(nameMatches(artists.name, text))
    .orderBy(desc(nameRank(artists.name, text)), artists.name)
    .limit(limit);
  return rows.map((row) => ({
    kind: "artist" as const,
    id: row.id,
    title: row.name,
    subtitle: "Artist",
    path: artistPath(row),
  }));
}
