import { randomBytes } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";
import { withDatabase } from "./global-database.ts";

/**
 * A PostgreSQL database of its own (a copy of the migrated template) for tests that run the
 * server's code in child processes; answers its URL.
 */
export async function createScratchDatabase(prefix: string): Promise<string> {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${name}" template "${inject("postgresTemplate")}"`);
  await admin.end();
  return withDatabase(adminUrl, name);
}

/** Drops a database made by createScratchDatabase, closing its connections. */
export async function dropScratchDatabase(databaseUrl: string): Promise<void> {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(
    `drop database if exists "${new URL(databaseUrl).pathname.slice(1)}" with (force)`,
  );
  await admin.end();
}
