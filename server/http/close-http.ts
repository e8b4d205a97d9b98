import type { FastifyInstance } from "fastify";
import type { RunningHandlers } from "./running-handlers.ts";

/** How long a shutdown waits for handlers whose client has gone. */
export const HANDLERS_GRACE_MS = 10_000;

/**
 * Closes the HTTP server: waits for in-flight requests (keep-alive connections go as soon as
 * their last answer is out, so not for the clients' idle timeouts), runs `alongside` meanwhile,
 * then waits — at most HANDLERS_GRACE_MS — for handlers of requests whose client went away, which
 * `app.close()` does not wait for: the database may be closed after this (decision 0190).
 */
export async function closeHttp(
  app: FastifyInstance | undefined,
  handlers: RunningHandlers,
  alongside: () => Promise<void> = async () => {},
): Promise<void> {
  const idleSweep = setInterval(() => app?.server.closeIdleConnections(), 100);
  try {
    await Promise.all([app?.close(), alongside()]);
  } finally {
    clearInterval(idleSweep);
  }
  if (!(await handlers.settled(HANDLERS_GRACE_MS))) {
    app?.log.warn("shutting down: handlers still running after 10 s, closing anyway");
  }
}
