/** The largest id a PostgreSQL `integer` column holds; ids start at 1. */
export const MAX_DATABASE_ID = 2_147_483_647;

/**
 * Whether a number can be a database id: whole, from 1 to MAX_DATABASE_ID. Without zod, so the
 * browser's stores can check ids without loading the schemas (decision 0194).
 */
export const isDatabaseId = (value: number): boolean =>
  Number.isInteger(value) && value >= 1 && value <= MAX_DATABASE_ID;
