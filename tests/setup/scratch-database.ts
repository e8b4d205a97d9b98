import { randomBytes } from "node:crypto";
import { inject } from "vitest";
import { adminQuery, withDatabase } from "./global-database.ts";

/**
 * A PostgreSQL database of its own, a copy of the run's migrated template (or empty, with
 * `empty`), on the run's test server (tests/setup/global-database.ts); answers its URL.
 */
export async function createScratchDatabase(
  prefix: string,
  { empty = false }: { empty?: boolean } = {},
): Promise<string> {
  const adminUrl = inject("testDatabaseUrl");
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  const template = empty ? "template0" : inject("templateDatabase");
  await adminQuery(adminUrl, `create database "${name}" template "${template}"`);
  return withDatabase(adminUrl, name);
}

/** Drops a database made by createScratchDatabase, closing its connections. */
export async function dropScratchDatabase(databaseUrl: string): Promise<void> {
  const name = new URL(databaseUrl).pathname.slice(1);
  await adminQuery(inject("testDatabaseUrl"), `drop database if exists "${name}" with (force)`);
}
