import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Config } from "#server/config.ts";
import { JOBS_POOL_SIZE, openPostgres, type DatabaseHandle } from "./client.server.ts";
import { DataDirLockedError, lockDataDir } from "./data-dir-lock.server.ts";
import {
  EmbeddedPostgresError,
  startEmbeddedPostgres,
  type EmbeddedPostgres,
} from "./embedded-postgres.server.ts";
import { StartupError } from "./startup-error.ts";

export interface OpenedDatabase {
  handle: DatabaseHandle;
  /** Releases the data folder's lock (after `handle.close`). */
  release: () => void;
  /** The embedded database's socket directory (what other processes connect to). */
  socketDir?: string;
}

/** Where the embedded PostgreSQL keeps its cluster inside DATA_DIR. */
export const embeddedPostgresDir = (dataDir: string) => path.join(dataDir, "postgres");
/** Names the running site's socket directory, for operator commands that join it. */
const socketNoteOf = (dataDir: string) => path.join(dataDir, "postgres.socket");

/**
 * Connections the embedded PostgreSQL allows (decision 0209): the pool of the process that runs
 * the jobs, one of DATABASE_POOL_SIZE per HTTP worker, plus room for operator commands that join
 * the running site (admin:create, db:backup) and a worker's replacement while the old one's
 * connections close.
 */
const SPARE_CONNECTIONS = 20;
export function embeddedMaxConnections(config: Config): number {
  const workers = config.webConcurrency <= 1 ? 0 : config.webConcurrency;
  return JOBS_POOL_SIZE + workers * config.databasePoolSize + SPARE_CONNECTIONS;
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** A server that stopped on its own is started again after 1 s, doubling while it fails, ≤ 30 s. */
const RESTART_DELAY_MS = 1_000;
const MAX_RESTART_DELAY_MS = 30_000;

/**
 * The embedded PostgreSQL of DATA_DIR, started again whenever it stops without being asked to
 * (crash, OOM killer): crash recovery brings back everything committed, the socket stays where it
 * was, and the pools of this process and of the HTTP workers reconnect on their next query. In
 * the meantime requests are answered 503 (`isDatabaseUnavailable`).
 */
async function keepEmbeddedPostgresRunning(
  dataDir: string,
  maxConnections: number,
): Promise<Pick<EmbeddedPostgres, "socketDir" | "stop">> {
  const start = () =>
    startEmbeddedPostgres({
      pgdata: embeddedPostgresDir(dataDir),
      maxConnections,
      onLog: (line) => console.error(`PostgreSQL: ${line}`),
    });
  let current = await start().catch((error: unknown) => {
    throw error instanceof EmbeddedPostgresError ? new StartupError(error.message) : error;
  });
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  const restart = (attempt: number) => {
    const delay = Math.min(RESTART_DELAY_MS * 2 ** attempt, MAX_RESTART_DELAY_MS);
    timer = setTimeout(() => {
      if (stopping) return;
      start().then(
        (server) => {
          current = server;
          if (stopping) return void server.stop();
          watch(server);
          console.error("The embedded PostgreSQL runs again.");
        },
        (error: unknown) => {
          console.error(`The embedded PostgreSQL did not start again: ${reasonOf(error)}`);
          restart(attempt + 1);
        },
      );
    }, delay);
  };
  const watch = (server: EmbeddedPostgres) =>
    server.onUnexpectedExit((code) => {
      console.error(`The embedded PostgreSQL stopped (exit code ${code}); starting it again.`);
      restart(0);
    });
  watch(current);
  return {
    socketDir: current.socketDir,
    stop: async () => {
      stopping = true;
      clearTimeout(timer);
      await current.stop();
    },
  };
}

/**
 * Opens the configured database: PostgreSQL at DATABASE_URL when set, else the embedded
 * PostgreSQL in DATA_DIR/postgres (decision 0201), started here and holding the data folder's
 * lock until `release`. With `embeddedSocketDir` (an HTTP worker of the cluster, decision 0191) the embedded
 * server another process runs there is opened instead: no lock, no server of its own. With
 * `joinRunningSite` (operator commands such as `admin:create`), a data folder held by a running
 * site is not refused: its embedded server is used, through its socket.
 */
export async function openDatabase(
  config: Config,
  options: { embeddedSocketDir?: string; joinRunningSite?: boolean; httpWorker?: boolean } = {},
): Promise<OpenedDatabase> {
  const poolSize = options.httpWorker ? config.databasePoolSize : JOBS_POOL_SIZE;
  if (!config.databaseUrl && options.embeddedSocketDir) {
    const socketDir = options.embeddedSocketDir;
    try {
      return {
        handle: await openPostgres({ host: socketDir }, poolSize),
        release: () => {},
        socketDir,
      };
    } catch (error) {
      throw new StartupError(
        `Cannot reach the embedded database in ${socketDir}: ${reasonOf(error)}`,
      );
    }
  }
  if (config.databaseUrl) {
    try {
      return {
        handle: await openPostgres(config.databaseUrl, poolSize),
        release: () => {},
      };
    } catch (error) {
      throw new StartupError(`Cannot reach the database at DATABASE_URL: ${reasonOf(error)}`);
    }
  }
  let release: () => void;
  try {
    release = lockDataDir(config.dataDir);
  } catch (error) {
    const socketNote = socketNoteOf(config.dataDir);
    if (!(error instanceof DataDirLockedError && options.joinRunningSite)) throw error;
    if (!existsSync(socketNote)) throw error;
    const socketDir = readFileSync(socketNote, "utf8").trim();
    return {
      handle: await openPostgres({ host: socketDir }, poolSize),
      release: () => {},
      socketDir,
    };
  }
  try {
    const server = await keepEmbeddedPostgresRunning(
      config.dataDir,
      embeddedMaxConnections(config),
    );
    writeFileSync(socketNoteOf(config.dataDir), server.socketDir + "\n");
    let handle: DatabaseHandle;
    try {
      handle = await openPostgres({ host: server.socketDir }, poolSize);
    } catch (error) {
      await server.stop();
      throw error;
    }
    return {
      handle: {
        ...handle,
        close: async () => {
          try {
            await handle.close();
          } finally {
            rmSync(socketNoteOf(config.dataDir), { force: true });
            await server.stop();
          }
        },
      },
      release,
      socketDir: server.socketDir,
    };
  } catch (error) {
    release();
    throw error;
  }
}
