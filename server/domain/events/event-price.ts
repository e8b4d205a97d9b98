/** The cheapest and dearest entry price a party's price text names, in cents (decision 0242). */
export interface PriceRange {
  priceMinCents: number | null;
  priceMaxCents: number | null;
}

const amount = String.raw`(\d{1,4}(?:[.,]\d{1,2})?)`;
// The non-ASCII characters as plain strings: the server bundle escapes those, not a String.raw
// template's, and one such character makes V8 hold the whole file two bytes per character (0254).
const euroSign = "€";
const rangeDashes = "–—-";
const euro = String.raw`(?:${euroSign}|EUR\b|Euro\b)`;
/** "12 €", "12,50 EUR", "5–10 €" (a range names the euro once), "€ 12". */
const amountPattern = new RegExp(
  String.raw`${amount}(?:\s*[${rangeDashes}]\s*${amount})?\s*${euro}|${euro}\s*${amount}`,
  "gi",
);
const freePattern = /\b(?:frei|kostenlos|umsonst|free)\b/i;

const centsOf = (text: string) => Math.round(Number(text.replace(",", ".")) * 100);

/**
 * Reads the entry price from the organiser's own words, the one source of the amounts served as
 * `price_min`/`price_max` and as the JSON-LD offer: every euro amount counts, and "frei" (free
 * entry) counts as 0. Text without either gives no amounts.
 */
export function priceRangeOf(priceText: string | null): PriceRange {
  const cents: number[] = [];
  for (const match of (priceText ?? "").matchAll(amountPattern)) {
    for (const value of match.slice(1)) if (value !== undefined) cents.push(centsOf(value));
  }
  if (priceText !== null && freePattern.test(priceText)) cents.push(0);
  if (cents.length === 0) return { priceMinCents: null, priceMaxCents: null };
  return { priceMinCents: Math.min(...cents), priceMaxCents: Math.max(...cents) };
}
