import { existsSync } from "node:fs";
import { mkdtemp, rename, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Database, DatabaseHandle } from "#server/db/client.server.ts";
import { migrationsFolder } from "#server/db/client.server.ts";
import { StartupError } from "#server/db/startup-error.ts";
import { readAppliedMigrations } from "./database-catalog.server.ts";
import { dumpDatabase, loadDatabase, type DumpedTable } from "./database-dump.server.ts";

/** Where releases before decision 0201 kept the embedded database (PGlite) inside DATA_DIR. */
export const pgliteFolderOf = (dataDir: string) => path.join(dataDir, "db");
/** What that folder is renamed to once its content is in PostgreSQL (kept until deleted). */
export const importedPgliteFolderOf = (dataDir: string) => path.join(dataDir, "db.pglite-imported");
/** Present while an import has begun and not finished: the next start may load again. */
const pendingMarkerOf = (dataDir: string) => path.join(dataDir, "db.pglite-import-pending");

/**
 * Opens the PGlite folder in this process (PGlite is loaded only here), brings it to this
 * release's schema and dumps every table into `directory`.
 */
async function dumpPgliteFolder(folder: string, directory: string): Promise<DumpedTable[]> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const { unaccent } = await import("@electric-sql/pglite/contrib/unaccent");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  const client = await PGlite.create({ dataDir: folder, extensions: { pg_trgm, unaccent } });
  try {
    const db = drizzle(client);
    await migrate(db, { migrationsFolder });
    return await dumpDatabase(db as unknown as Database, directory);
  } finally {
    await client.close();
  }
}

/**
 * A data folder of a release before decision 0201 holds its embedded database as PGlite in
 * DATA_DIR/db. On the first start of this release that database is copied once, logically, into
 * the new embedded PostgreSQL (`target`): PGlite is opened, brought to this release's schema,
 * dumped table by table and loaded into the target in one transaction (the backup's own dump and
 * load). Then the old folder is renamed, so it is never read again. If anything fails, the target
 * holds no rows of it, the old folder is untouched, and the start stops with the reason; the next
 * start tries again. A target that already holds a database of its own (not from an unfinished
 * import) is never overwritten: the start is refused.
 */
export async function importPgliteFolderIfPresent(
  dataDir: string,
  target: DatabaseHandle,
): Promise<boolean> {
  const folder = pgliteFolderOf(dataDir);
  if (!existsSync(path.join(folder, "PG_VERSION"))) return false;
  const pending = pendingMarkerOf(dataDir);
  if (!existsSync(pending) && (await readAppliedMigrations(target.db)).length > 0) {
    throw new StartupError(
      `${folder} holds the embedded database of an earlier release (PGlite), but the new ` +
        `embedded PostgreSQL already holds data of its own: move ${folder} away to keep the ` +
        "new data, or move DATA_DIR/postgres away to import the old one.",
    );
  }
  await writeFile(pending, "");
  const work = await mkdtemp(path.join(os.tmpdir(), "clubkalender-pglite-import-"));
  try {
    const tables = await dumpPgliteFolder(folder, work);
    await target.migrate();
    await loadDatabase(target.db, work, tables);
    await rename(folder, importedPgliteFolderOf(dataDir));
    await rm(pending, { force: true });
    return true;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new StartupError(
      `The embedded database of the earlier release in ${folder} could not be copied into ` +
        `PostgreSQL (${reason}); it is untouched, and the next start tries again.`,
    );
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
