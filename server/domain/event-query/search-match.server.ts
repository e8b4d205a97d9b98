import { sql, type AnyColumn, type SQL } from "drizzle-orm";
import { MIN_SEARCH_LENGTH } from "#common/constants.ts";

/**
 * How a search text matches a name or title (decision 0011): both sides go through the
 * database function `search_normalize` (umlauts, ß, accents, the spellings of drum and bass),
 * then a substring match finds prefixes and parts, and pg_trgm's word similarity (`<%`) forgives
 * typos ("berghan" → "Berghain"). Both use the trigram GIN indexes on `search_normalize(…)`.
 * The normalisation turns `%`, `_` and `\` into spaces, so the text never carries a LIKE
 * wildcard; a text of nothing but such signs normalises to "" and finds nothing (not everything).
 * A text of two letters finds names with a word starting with it (`wordStartMatches`).
 */
export function nameMatches(column: AnyColumn | SQL, text: string): SQL {
  if (text.trim().length < SUBSTRING_SEARCH_LENGTH) return wordStartMatches(column, text);
  return sql`(search_normalize(${text}) <> '' and (
    search_normalize(${column}) like '%' || search_normalize(${text}) || '%'
    or search_normalize(${text}) <% search_normalize(${column})))`;
}

/**
 * Texts shorter than a trigram give the index nothing to look up: "te" anywhere in a title (and
 * its similarity) meant normalising every upcoming party's title, seconds on 100,000 events. Such
 * a text finds the names with a word that starts with it — what someone typing the first
 * letters means — which the trigram index answers from the word's first trigrams (decision 0207).
 */
const SUBSTRING_SEARCH_LENGTH = 3;

function wordStartMatches(column: AnyColumn | SQL, text: string): SQL {
  return sql`(search_normalize(${text}) <> '' and (
    search_normalize(${column}) like search_normalize(${text}) || '%'
    or search_normalize(${column}) like '% ' || search_normalize(${text}) || '%'))`;
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
