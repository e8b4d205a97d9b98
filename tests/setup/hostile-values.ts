import fc from "fast-check";

/**
 * Random and hostile strings for property tests of every input (API fields and queries, site
 * forms, return paths): control characters, lone surrogates, huge values, mixed scripts, markup,
 * SQL and LIKE signs, odd numbers and dates.
 */
export const hostile = fc.oneof(
  fc.string({ unit: "binary", maxLength: 200 }),
  fc.string({ unit: "grapheme", maxLength: 50 }),
  fc.constantFrom(
    "\u0000",
    "a\u0000b",
    "\u001b[2J",
    "\uD800",
    "<script>alert(1)</script>",
    '"><img src=x onerror=alert(1)>',
    "'; drop table users; --",
    "%%__\\",
    "../../etc/passwd",
    "//evil.example",
    "ß".repeat(6_000),
    "x".repeat(70_000),
    "Ｔｅｃｈｎｏ нoчь 夜 ليلة 🎧",
    "2026-02-30T25:61",
    "-1",
    "1e309",
    "NaN",
  ),
);

/** Query strings must be well-formed UTF-16 to be percent-encoded at all. */
export const hostileQueryValue = hostile.filter((value) => {
  try {
    encodeURIComponent(value);
    return true;
  } catch {
    return false;
  }
});
