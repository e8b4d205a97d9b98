import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { openPostgres, sessionSettings, type DatabaseHandle } from "./client.server.ts";

export interface EmbeddedWorkerData {
  /** PGlite's data directory, or "memory://" for a throwaway database. */
  dataDir: string;
  socketPath: string;
  /** A file made by `dumpDataDir` to start from. */
  loadDataDir?: string;
  sessionSettings: string;
}

export type EmbeddedWorkerReply =
  | { type: "ready" }
  | { type: "failed"; message: string }
  | { type: "dump"; data: ArrayBuffer }
  | { type: "stopped" };

/** The name PostgreSQL clients look for in the socket directory (port 5432). */
const SOCKET_NAME = ".s.PGSQL.5432";
/** A Unix socket path holds at most 107 bytes on Linux and 103 on macOS. */
const MAX_SOCKET_PATH = 100;

export interface EmbeddedServer {
  /** The directory holding the Unix socket: node-postgres's `host`. */
  socketDir: string;
  /** The whole data directory as an uncompressed tar (for `loadDataDir`). */
  dumpDataDir: () => Promise<ArrayBuffer>;
  /** Stops serving, then closes PGlite (after every connection has ended). */
  stop: () => Promise<void>;
}

/**
 * Starts PGlite in a worker thread behind the PostgreSQL wire protocol on a Unix socket in
 * `socketDir` (or, if that path would be too long for a socket, in a private temporary folder).
 */
export async function startEmbeddedServer(options: {
  dataDir: string;
  socketDir?: string;
  loadDataDir?: string;
  sessionSettings: string;
}): Promise<EmbeddedServer> {
  const fits =
    options.socketDir !== undefined &&
    path.join(options.socketDir, SOCKET_NAME).length <= MAX_SOCKET_PATH;
  const socketDir = fits
    ? options.socketDir!
    : mkdtempSync(path.join(os.tmpdir(), "clubkalender-db-"));
  const removeSocketDir = () => {
    if (!fits) rmSync(socketDir, { recursive: true, force: true });
  };
  const workerData: EmbeddedWorkerData = {
    dataDir: options.dataDir,
    socketPath: path.join(socketDir, SOCKET_NAME),
    sessionSettings: options.sessionSettings,
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  };
  const worker = new Worker(new URL("./embedded-database.worker.mjs", import.meta.url), {
    workerData,
  });
  const nextReply = <T extends EmbeddedWorkerReply["type"]>(type: T) =>
    new Promise<Extract<EmbeddedWorkerReply, { type: T }>>((resolve, reject) => {
      const onMessage = (reply: EmbeddedWorkerReply) => {
        if (reply.type !== type && reply.type !== "failed") return;
        done();
        if (reply.type === "failed") reject(new Error(reply.message));
        else resolve(reply as Extract<EmbeddedWorkerReply, { type: T }>);
      };
      const onError = (error: Error) => {
        done();
        reject(error);
      };
      const onExit = (code: number) => {
        done();
        reject(new Error(`The embedded database stopped (exit code ${code}).`));
      };
      const done = () => {
        worker.off("message", onMessage);
        worker.off("error", onError);
        worker.off("exit", onExit);
      };
      worker.on("message", onMessage);
      worker.once("error", onError);
      worker.once("exit", onExit);
    });
  try {
    await nextReply("ready");
  } catch (error) {
    await worker.terminate();
    removeSocketDir();
    throw error;
  }
  let stopping: Promise<void> | undefined;
  return {
    socketDir,
    dumpDataDir: async () => {
      const reply = nextReply("dump");
      worker.postMessage({ type: "dump" });
      return (await reply).data;
    },
    stop: () => {
      stopping ??= (async () => {
        const reply = nextReply("stopped");
        worker.postMessage({ type: "stop" });
        try {
          await reply;
        } finally {
          await worker.terminate();
          removeSocketDir();
        }
      })();
      return stopping;
    },
  };
}

/**
 * The embedded database as a node-postgres pool on its socket: PGlite in `dataDir` ("memory://"
 * for a throwaway one, `loadDataDir` to start from a dump); `close` ends the pool, then PGlite.
 */
export async function openEmbeddedDatabase(options: {
  dataDir: string;
  socketDir?: string;
  loadDataDir?: string;
}): Promise<DatabaseHandle & { server: EmbeddedServer }> {
  const server = await startEmbeddedServer({ ...options, sessionSettings });
  let handle: DatabaseHandle;
  try {
    handle = await openPostgres({ host: server.socketDir }, "pglite");
  } catch (error) {
    await server.stop();
    throw error;
  }
  return {
    ...handle,
    server,
    close: async () => {
      try {
        await handle.close();
      } finally {
        await server.stop();
      }
    },
  };
}
