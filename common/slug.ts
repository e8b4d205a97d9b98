/** URL slugs for German text: "Bässe & Beats – Nacht" → "baesse-und-beats-nacht". */

const MAX_SLUG_LENGTH = 80;
const FALLBACK_SLUG = "party";

const germanLetters: Record<string, string> = {
  ä: "ae",
  ö: "oe",
  ü: "ue",
  Ä: "ae",
  Ö: "oe",
  Ü: "ue",
  ß: "ss",
  ẞ: "ss",
};
// Built from the map, not a regex literal: the server bundle escapes a string's "ä" to ASCII, a
// regex literal's not, and one such character makes V8 hold the whole file two bytes per
// character (decision 0254).
const germanLetterPattern = new RegExp(`[${Object.keys(germanLetters).join("")}]`, "g");

export function slugify(text: string): string {
  const slug = text
    .replace(germanLetterPattern, (letter) => germanLetters[letter] ?? letter)
    .replace(/&/g, " und ")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  const cut = slug.slice(0, MAX_SLUG_LENGTH).replace(/-+$/, "");
  return cut || FALLBACK_SLUG;
}
