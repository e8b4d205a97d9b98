import type { DomainDeps } from "#server/domain/deps.ts";
import { learnContentVersion } from "#server/domain/content-version/content-version.server.ts";
import { isPrimaryMessage, type PrimaryMessage, type WorkerMessage } from "./messages.ts";

/** How long a worker waits for the primary before going on without it. */
const PRIMARY_ANSWER_TIMEOUT_MS = 2_000;

export interface WorkerLink {
  /**
   * Has the primary hand a new content version to every other worker; resolves once the primary
   * has written it to every worker's channel (or after a timeout).
   */
  announceContentChange: (version: number) => Promise<void>;
  /** Counts one request of `key` in the primary's window; the count and the window's rest. */
  countRequest: (key: string, windowMs: number) => Promise<{ current: number; ttl: number }>;
}

/**
 * Tells the primary this worker is ready for the database and waits until the primary has it
 * started, migrated and seeded (decision 0205): the workers are forked, and load their modules,
 * while it does. Answers the embedded database's socket directory, or none (DATABASE_URL).
 */
export function databaseFromPrimary(
  channel: Pick<NodeJS.Process, "send" | "on" | "off"> = process,
): Promise<string | undefined> {
  return new Promise((resolve) => {
    const onMessage = (message: unknown) => {
      if (!isPrimaryMessage(message) || message.clubkalender !== "database-ready") return;
      channel.off("message", onMessage);
      resolve(message.socketDir ?? undefined);
    };
    channel.on("message", onMessage);
    const wanted: WorkerMessage = { clubkalender: "database-wanted" };
    channel.send!(wanted);
  });
}

/**
 * A cluster worker's side of the IPC channel to the primary (decision 0191): content-change
 * notices both ways and the one request counter of the box.
 */
export function connectToPrimary(
  deps: Pick<DomainDeps, "db">,
  channel: Pick<NodeJS.Process, "send" | "on"> = process,
): WorkerLink {
  let nextId = 1;
  const waiting = new Map<number, (message: PrimaryMessage) => void>();
  channel.on("message", (message: unknown) => {
    if (!isPrimaryMessage(message)) return;
    if (message.clubkalender === "content-changed" && message.ack === undefined) {
      learnContentVersion(deps, message.version);
    }
    const ack = "ack" in message ? message.ack : undefined;
    if (ack === undefined) return;
    waiting.get(ack)?.(message);
    waiting.delete(ack);
  });

  const ask = (message: Extract<WorkerMessage, { id: number }>) =>
    new Promise<PrimaryMessage | null>((resolve) => {
      const timer = setTimeout(() => {
        waiting.delete(message.id);
        resolve(null);
      }, PRIMARY_ANSWER_TIMEOUT_MS);
      timer.unref();
      waiting.set(message.id, (answer) => {
        clearTimeout(timer);
        resolve(answer);
      });
      try {
        channel.send!(message);
      } catch {
        // The primary is gone: this worker is about to stop anyway.
        clearTimeout(timer);
        waiting.delete(message.id);
        resolve(null);
      }
    });

  return {
    announceContentChange: async (version) => {
      await ask({ clubkalender: "content-changed", id: nextId++, version });
    },
    countRequest: async (key, windowMs) => {
      const answer = await ask({ clubkalender: "count-request", id: nextId++, key, windowMs });
      if (answer?.clubkalender !== "counted") {
        throw new Error("The cluster's primary did not count the request.");
      }
      return { current: answer.current, ttl: answer.ttl };
    },
  };
}
