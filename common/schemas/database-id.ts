import { z } from "./german-errors.ts";

/** The largest id a PostgreSQL `integer` column holds; ids start at 1. */
export const MAX_DATABASE_ID = 2_147_483_647;

/** Whether a number can be a database id: whole, from 1 to MAX_DATABASE_ID. */
export const isDatabaseId = (value: number): boolean =>
  Number.isInteger(value) && value >= 1 && value <= MAX_DATABASE_ID;

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
