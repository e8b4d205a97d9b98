import path from "node:path";
import { fileURLToPath } from "node:url";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate as migrateDrizzle } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";

/** The Drizzle database over node-postgres, whatever server answers behind it. */
export type Database = PgDatabase<PgQueryResultHKT>;

export interface DatabaseHandle {
  db: Database;
  /** Applies every pending migration; safe on every start and from several instances. */
  migrate: () => Promise<void>;
  close: () => Promise<void>;
}

export const migrationsFolder = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  "migrations",
);

/**
 * pg_trgm's word-similarity threshold for `<%` (decision 0130): 0.5 instead of 0.6, so one
 * dropped letter in a short word still matches ("nerofunk" → Neurofunk 0.58, "hafnbar" →
 * Hafenbar 0.55). Set per session, so every connection searches alike.
 */
const WORD_SIMILARITY_THRESHOLD = 0.5;
const MIGRATION_LOCK_KEY = 727001;
/** A connection idle this long is closed: its PostgreSQL backend's memory goes with it. */
const IDLE_CONNECTION_MS = 10_000;
/**
 * Connections of a pool that runs the jobs (the primary, one process, scripts, tests): each
 * running job holds one for its advisory lock and needs more for its work, and one tick starts
 * about seven at once (decision 0209).
 */
export const JOBS_POOL_SIZE = 10;

/**
 * Opens a node-postgres pool of at most `poolSize` connections on a connection string, or on the
 * embedded database's socket directory (`{ host }`), and checks that it answers.
 */
export async function openPostgres(
  target: string | { host: string },
  poolSize = JOBS_POOL_SIZE,
): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    ...(typeof target === "string"
      ? { connectionString: target }
      : { host: target.host, user: "postgres", database: "postgres" }),
    max: poolSize,
    idleTimeoutMillis: IDLE_CONNECTION_MS,
    options: `-c pg_trgm.word_similarity_threshold=${WORD_SIMILARITY_THRESHOLD}`,
  });
  pool.on("error", () => {
    // An idle client lost its connection; the pool replaces it on the next query.
  });
  try {
    const probe = await pool.connect();
    probe.release();
  } catch (error) {
    await pool.end();
    throw error;
  }
  return {
    db: drizzle(pool) as unknown as Database,
    migrate: async () => {
      // A session-level advisory lock on one connection: one migrator across instances.
      const connection = await pool.connect();
      try {
        await connection.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
        await migrateDrizzle(drizzle(connection), { migrationsFolder });
      } finally {
        await connection.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
        connection.release();
      }
    },
    close: () => pool.end(),
  };
}
