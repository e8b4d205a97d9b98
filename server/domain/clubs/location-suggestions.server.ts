import { asc, desc, ilike, or, sql } from "drizzle-orm";
import { locations } from "#server/db/schema/catalog.ts";
import type { DomainDeps } from "#server/domain/deps.ts";

export interface LocationSuggestion {
  id: number;
  name: string;
  address: string;
  city: string;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** Clubs for the event form's autocomplete: names containing the text or similar to it
 * (pg_trgm), best matches first; at most 10. */
export async function suggestLocations(
  deps: DomainDeps,
  text: string,
): Promise<LocationSuggestion[]> {
  const query = text.trim();
  if (query === "") return [];
  return deps.db
    .select({
      id: locations.id,
      name: locations.name,
      address: locations.address,
      city: locations.city,
    })
    .from(locations)
    .where(
      or(
        ilike(locations.name, `%${escapeLike(query)}%`),
        sql`similarity(${locations.name}, ${query}) > 0.3`,
      ),
    )
    .orderBy(desc(sql`similarity(${locations.name}, ${query})`), asc(locations.name))
    .limit(10);
}
