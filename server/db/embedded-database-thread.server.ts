import { rmSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import { PgliteSessionQueue } from "./pglite-session-queue.ts";
import type { EmbeddedWorkerData, EmbeddedWorkerReply } from "./embedded-database.server.ts";

/**
 * The embedded database's thread: PGlite (WebAssembly) serving the PostgreSQL wire protocol on
 * a Unix socket, so its queries never run on the thread that answers requests (decision 0190).
 */
const options = workerData as EmbeddedWorkerData;
const port = parentPort!;
const reply = (message: EmbeddedWorkerReply) => port.postMessage(message);
const fail = (error: unknown) =>
  reply({ type: "failed", message: error instanceof Error ? error.message : String(error) });

async function start(): Promise<{ db: PGlite; server: PGLiteSocketServer }> {
  const db = await PGlite.create({
    dataDir: options.dataDir,
    extensions: { pg_trgm, unaccent },
    ...(options.loadDataDir
      ? { loadDataDir: new Blob([await readFile(options.loadDataDir)]) }
      : {}),
  });
  // Every connection shares PGlite's one session, so a session setting made here holds for all.
  await db.exec(options.sessionSettings);
  const server = new PGLiteSocketServer({ db, path: options.socketPath, maxConnections: 100 });
  (server as unknown as { queryQueue: PgliteSessionQueue }).queryQueue = new PgliteSessionQueue(db);
  // The data folder's lock is held by our process, so a socket file left here is stale.
  rmSync(options.socketPath, { force: true });
  await server.start();
  return { db, server };
}

start().then(
  ({ db, server }) => {
    port.on("message", (message: { type: "stop" } | { type: "dump" }) => {
      if (message.type === "dump") {
        db.dumpDataDir("none")
          .then(async (dump) => reply({ type: "dump", data: await dump.arrayBuffer() }))
          .catch(fail);
        return;
      }
      (async () => {
        await server.stop();
        await db.close();
        rmSync(options.socketPath, { force: true });
        reply({ type: "stopped" });
        port.close();
      })().catch(fail);
    });
    reply({ type: "ready" });
  },
  (error: unknown) => {
    fail(error);
    port.close();
  },
);
