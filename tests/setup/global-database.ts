import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openPostgres } from "#server/db/client.server.ts";
import { startEmbeddedPostgres } from "#server/db/embedded-postgres.server.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** A superuser's connection string to the test server's `postgres` database. */
    testDatabaseUrl: string;
    /** The migrated template every test database is copied from. */
    templateDatabase: string;
  }
}

/**
 * One PostgreSQL for the whole run (decision 0201): the one at TEST_DATABASE_URL, else the
 * embedded one the site runs, started here in a temporary folder. One template database is
 * migrated; each test file copies it (`create database … template …`) in milliseconds.
 */
export default async function setup(project: TestProject) {
  let adminUrl = process.env.TEST_DATABASE_URL;
  let stopEmbedded = async () => {};
  if (!adminUrl) {
    const folder = mkdtempSync(path.join(os.tmpdir(), "clubkalender-test-postgres-"));
    const server = await startEmbeddedPostgres({ pgdata: path.join(folder, "postgres") });
    adminUrl = socketUrl(server.socketDir, "postgres");
    stopEmbedded = async () => {
      await server.stop();
      rmSync(folder, { recursive: true, force: true });
    };
  }
  const templateName = `clubkalender_template_${process.pid}_${Date.now()}`;
  await adminQuery(adminUrl, `create database "${templateName}"`);
  const template = await openPostgres(withDatabase(adminUrl, templateName));
  await template.migrate();
  await template.close();
  project.provide("testDatabaseUrl", adminUrl);
  project.provide("templateDatabase", templateName);

  return async () => {
    await adminQuery(adminUrl, `drop database if exists "${templateName}" with (force)`);
    await stopEmbedded();
  };
}

/** A connection string to `database` on the server listening in `socketDir`. */
export function socketUrl(socketDir: string, database: string): string {
  return `postgres://postgres@localhost/${database}?host=${encodeURIComponent(socketDir)}`;
}

export function withDatabase(connectionString: string, database: string): string {
  const url = new URL(connectionString);
  url.pathname = `/${database}`;
  return url.toString();
}

export async function adminQuery(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
