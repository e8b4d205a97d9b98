/**
 * What the cluster's primary and its HTTP workers tell each other over node:cluster's IPC
 * channel (decision 0191). Every message carries `clubkalender` so node's own messages and
 * anything else on the channel are left alone.
 */

/** From a worker to the primary. */
export type WorkerMessage =
  /** Content changed (a writing request is being answered): tell every worker the version. */
  | { clubkalender: "content-changed"; id: number; version: number }
  /** One request of a client for the global request rate (counted once for the box). */
  | { clubkalender: "count-request"; id: number; key: string; windowMs: number };

/** From the primary to a worker. */
export type PrimaryMessage =
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

/** The environment variable through which the primary names the embedded database's socket. */
export const EMBEDDED_SOCKET_DIR_VARIABLE = "CLUBKALENDER_EMBEDDED_SOCKET_DIR";
