import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { startEmbeddedPostgres } from "#server/db/embedded-postgres.server.ts";
import { socketUrl } from "#tests/setup/global-database.ts";
import { headlessShellPath } from "./headless-shell.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** A superuser's connection string to the browser stage's PostgreSQL. */
    e2eDatabaseUrl: string;
    /** Where the run keeps its demo worlds (tests/e2e/demo-worlds.ts). */
    e2eWorldsDir: string;
  }
}

/** The prefix of every database the browser stage makes; all are dropped at its end. */
export const E2E_DATABASE_PREFIX = "clubkalender_e2e_";

/**
 * The browser stage's PostgreSQL (the one at TEST_DATABASE_URL, else an embedded one for the
 * run) and a folder for its demo worlds: the demo data is seeded once per clock and run, and
 * each server that asks for it starts on a copy (decision 0201). The headless shell is inflated
 * here, before the workers start, so no worker replaces the binary another's browser runs from.
 */
export default async function setup(project: TestProject) {
  await headlessShellPath();
  const work = mkdtempSync(path.join(os.tmpdir(), "clubkalender-e2e-run-"));
  // An embedded PostgreSQL below runs as its own user when the tests run as root.
  chmodSync(work, 0o711);
  let adminUrl = process.env.TEST_DATABASE_URL;
  let stopEmbedded = async () => {};
  if (!adminUrl) {
    const server = await startEmbeddedPostgres({ pgdata: path.join(work, "postgres") });
    adminUrl = socketUrl(server.socketDir, "postgres");
    stopEmbedded = () => server.stop();
  }
  project.provide("e2eDatabaseUrl", adminUrl);
  project.provide("e2eWorldsDir", path.join(work, "worlds"));

  return async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ name: string }>(
        "select datname as name from pg_database where datname like $1",
        [`${E2E_DATABASE_PREFIX}%`],
      );
      for (const { name } of rows) await admin.query(`drop database "${name}" with (force)`);
    } finally {
      await admin.end();
    }
    await stopEmbedded();
    rmSync(work, { recursive: true, force: true });
  };
}
