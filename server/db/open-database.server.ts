import path from "node:path";
import type { Config } from "#server/config.ts";
import { openPostgres, type DatabaseHandle } from "./client.server.ts";
import { openEmbeddedDatabase } from "./embedded-database.server.ts";
import { lockDataDir } from "./data-dir-lock.server.ts";

/** A start-up failure whose message is all the operator needs to read. */
export class StartupError extends Error {}

export interface OpenedDatabase {
  handle: DatabaseHandle;
  /** Releases the data folder's lock (after `handle.close`). */
  release: () => void;
  /** The embedded database's socket directory (what other processes connect to). */
  socketDir?: string;
}

/**
 * Opens the configured database: PostgreSQL when DATABASE_URL is set, else PGlite in
 * DATA_DIR/db, served from a worker thread on a socket in DATA_DIR (decision 0190), holding the
 * data folder's lock until `release`. With `embeddedSocketDir` (an HTTP worker of the cluster,
 * decision 0191) the embedded database another process serves there is opened instead: no lock,
 * no PGlite of its own.
 */
export async function openDatabase(
  config: Config,
  options: { embeddedSocketDir?: string } = {},
): Promise<OpenedDatabase> {
  if (!config.databaseUrl && options.embeddedSocketDir) {
    const socketDir = options.embeddedSocketDir;
    try {
      return {
        handle: await openPostgres({ host: socketDir }, "pglite"),
        release: () => {},
        socketDir,
      };
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new StartupError(`Cannot reach the embedded database in ${socketDir}: ${reason}`);
    }
  }
  if (config.databaseUrl) {
    try {
      return { handle: await openPostgres(config.databaseUrl), release: () => {} };
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new StartupError(`Cannot reach the database at DATABASE_URL: ${reason}`);
    }
  }
  const release = lockDataDir(config.dataDir);
  try {
    const handle = await openEmbeddedDatabase({
      dataDir: path.join(config.dataDir, "db"),
      socketDir: config.dataDir,
    });
    return { handle, release, socketDir: handle.server.socketDir };
  } catch (error) {
    release();
    throw error;
  }
}
