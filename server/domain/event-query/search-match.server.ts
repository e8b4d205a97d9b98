import { sql, type AnyColumn, type SQL } from "drizzle-orm";
import { MIN_SEARCH_LENGTH } from "#common/constants.ts";

/**
 * How a search text matches a name or title (decision 0011): both sides go through the
 * database function `search_normalize` (umlauts, ß, accents, the spellings of drum and bass),
 * then a substring match finds prefixes and parts, and pg_trgm's word similarity (`<%`) forgives
 * typos ("berghan" → "Berghain"). Both use the trigram GIN indexes on `search_normalize(…)`.
 * The normalisation turns `%`, `_` and `\` into spaces, so the text never carries a LIKE
 * wildcard; a text of nothing but such signs normalises to "" and finds nothing (not everything).
 */
export function nameMatches(column: AnyColumn | SQL, text: string): SQL {
  return sql`(search_normalize(${text}) <> '' and (
    search_normalize(${column}) like '%' || search_normalize(${text}) || '%'
    or search_normalize(${text}) <% search_normalize(${column})))`;
}

/** How closely a name matches, for ordering (1 = contains the text). */
export function nameRank(column: AnyColumn | SQL, text: string): SQL<number> {
  return sql<number>`greatest(
    case when search_normalize(${column}) like search_normalize(${text}) || '%' then 1.0
         when search_normalize(${column}) like '%' || search_normalize(${text}) || '%' then 0.9
         else 0 end,
    word_similarity(search_normalize(${text}), search_normalize(${column})))`;
}

/** A search text worth sending to the database (trimmed, at least two characters), or null. */
export function searchableText(text: string | undefined): string | null {
  const trimmed = text?.trim() ?? "";
  return trimmed.length >= MIN_SEARCH_LENGTH ? trimmed : null;
}
