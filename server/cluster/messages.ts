/**
 * What the cluster's primary and its HTTP workers tell each other over node:cluster's IPC
 * channel (decision 0191). Every message carries `clubkalender` so node's own messages and
 * anything else on the channel are left alone.
 */

/** From a worker to the primary. */
export type WorkerMessage =
  /** The worker has loaded its modules: it opens the database once the primary has prepared it. */
  | { clubkalender: "database-wanted" }
  /** Content changed (a writing request is being answered): tell every worker the version. */
  | { clubkalender: "content-changed"; id: number; version: number }
  /** One request of a client for the global request rate (counted once for the box). */
  | { clubkalender: "count-request"; id: number; key: string; windowMs: number };

/** From the primary to a worker. */
export type PrimaryMessage =
  /** The database is started, migrated and holds the demo data: the embedded database's socket
   * directory, or null (DATABASE_URL). */
  | { clubkalender: "database-ready"; socketDir: string | null }
  /** The content version another worker has just read; `ack` answers the worker that announced
   * it (the others have it in their channels by then). */
  | { clubkalender: "content-changed"; version: number; ack?: number }
  | { clubkalender: "counted"; ack: number; current: number; ttl: number };

export function isWorkerMessage(message: unknown): message is WorkerMessage {
  return typeof (message as WorkerMessage | null)?.clubkalender === "string";
}

export function isPrimaryMessage(message: unknown): message is PrimaryMessage {
  return typeof (message as PrimaryMessage | null)?.clubkalender === "string";
}
