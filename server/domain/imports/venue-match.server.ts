import { desc, sql } from "drizzle-orm";
import type { Database } from "#server/db/client.server.ts";
import { locations } from "#server/db/schema/catalog.ts";

/**
 * How a feed's place finds its club (decision 0233): the name and the address compared with
 * pg_trgm on the search normalisation (umlauts, ß, accents; decision 0011), so "Distillerie" or
 * "Kurt-Eisner-Strasse 108a" still find the Distillery. A name this similar, or an address this
 * similar, is the club; the best score wins.
 */
export const VENUE_NAME_SIMILARITY = 0.5;
export const VENUE_ADDRESS_SIMILARITY = 0.6;

export async function matchVenue(
  db: Database,
  place: { venueName: string | null; venueAddress: string | null },
): Promise<number | null> {
  const name = place.venueName ?? "";
  const address = place.venueAddress ?? "";
  if (name === "" && address === "") return null;
  const nameScore = sql<number>`case when ${name} = '' then 0 else
    similarity(search_normalize(${locations.name}), search_normalize(${name})) end`;
  const addressScore = sql<number>`case when ${address} = '' or ${locations.address} = '' then 0
    else word_similarity(search_normalize(${locations.address}), search_normalize(${address})) end`;
  const [best] = await db
    .select({ id: locations.id, nameScore, addressScore })
    .from(locations)
    .where(
      sql`(${nameScore} >= ${VENUE_NAME_SIMILARITY} or ${addressScore} >= ${VENUE_ADDRESS_SIMILARITY})`,
    )
    .orderBy(desc(sql`greatest(${nameScore}, ${addressScore})`), locations.id)
    .limit(1);
  return best?.id ?? null;
}
