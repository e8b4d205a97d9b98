import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestConfig } from "#tests/setup/test-database.ts";
import { migrationsFolder } from "#server/db/client.server.ts";
import { users } from "#server/db/schema/users.ts";
import { prepareDatabase } from "#server/seed/prepare-database.server.ts";
import { createDeps } from "#server/create-deps.ts";
import { importedPgliteFolderOf, pgliteFolderOf } from "./pglite-import.server.ts";

/**
 * A data folder of the release before decision 0201 (PGlite in DATA_DIR/db) is copied into the
 * new embedded PostgreSQL on the first start, once; its folder is kept aside, renamed.
 */

const workDir = mkdtempSync(path.join(os.tmpdir(), "clubkalender-pglite-import-"));
chmodSync(workDir, 0o711);
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

/** A PGlite folder as the earlier release left it: migrated, with one account. */
async function writePgliteFolder(dataDir: string, email: string) {
  mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create({
    dataDir: pgliteFolderOf(dataDir),
    extensions: { pg_trgm, unaccent },
  });
  try {
    const db = drizzle(client);
    await migrate(db, { migrationsFolder });
    await db.insert(users).values({ email, passwordHash: "x", displayName: "Umzug" });
  } finally {
    await client.close();
  }
}

/** A start as `npm start` does it (without HTTP): open, import, migrate, no demo data. */
async function start(dataDir: string) {
  const config = createTestConfig({ DATA_DIR: dataDir, SEED_DEMO_DATA: "false" });
  const composition = await createDeps(config);
  try {
    await prepareDatabase(composition, config);
    return await composition.deps.db.select({ email: users.email }).from(users);
  } finally {
    await composition.close();
  }
}

describe("the first start on an earlier release's data folder", () => {
  const dataDir = path.join(workDir, "earlier");

  beforeAll(async () => {
    await writePgliteFolder(dataDir, "umzug@example.org");
  }, 60_000);

  it("copies the PGlite database into PostgreSQL and sets the old folder aside", async () => {
    expect(await start(dataDir)).toEqual([{ email: "umzug@example.org" }]);
    expect(existsSync(pgliteFolderOf(dataDir))).toBe(false);
    expect(existsSync(path.join(importedPgliteFolderOf(dataDir), "PG_VERSION"))).toBe(true);
  }, 60_000);

  it("starts on the copy from then on", async () => {
    expect(await start(dataDir)).toEqual([{ email: "umzug@example.org" }]);
  }, 60_000);
});

describe("an earlier release's folder beside a PostgreSQL that holds data of its own", () => {
  it("refuses to start, overwriting nothing", async () => {
    const dataDir = path.join(workDir, "both");
    await start(dataDir);
    await writePgliteFolder(dataDir, "alt@example.org");
    const config = createTestConfig({ DATA_DIR: dataDir, SEED_DEMO_DATA: "false" });
    const composition = await createDeps(config);
    try {
      const error = await prepareDatabase(composition, config).catch((caught: Error) => caught);
      expect((error as Error).message).toMatch(/already holds data of its own: move .*db away/);
    } finally {
      await composition.close();
    }
    expect(existsSync(path.join(pgliteFolderOf(dataDir), "PG_VERSION"))).toBe(true);
  }, 60_000);
});
