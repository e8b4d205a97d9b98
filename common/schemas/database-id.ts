import { MAX_DATABASE_ID } from "#common/database-id.ts";
import { z } from "./german-errors.ts";

/**
 * A database id in a schema — the one rule of what an id can be. `coerce` reads text ("12") as
 * a number; `notANumber` is the message for what is no whole number, `outOfRange` for the rest.
 */
export function databaseId({
  coerce = false,
  notANumber,
  outOfRange,
}: { coerce?: boolean; notANumber?: string; outOfRange?: string } = {}) {
  const number = coerce ? z.coerce.number({ error: notANumber }) : z.number({ error: notANumber });
  return number.int(notANumber).min(1, outOfRange).max(MAX_DATABASE_ID, outOfRange);
}
