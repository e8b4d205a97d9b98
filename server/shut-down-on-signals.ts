/**
 * The one way a server process stops (the single process, the cluster's primary and its HTTP
 * workers): on the first SIGINT or SIGTERM — or whatever else calls the answered function —
 * `stop` finishes the work in hand (requests, jobs, workers), then `close` lets go of the
 * database (pool, embedded server, the data folder's lock), which goes last even if `stop`
 * failed; then the process exits with 0.
 */
export function shutDownOnSignals({
  stop,
  close,
}: {
  stop: (reason: string) => Promise<unknown>;
  close: () => Promise<unknown>;
}): (reason: string) => Promise<void> {
  let closing = false;
  const shutDown = async (reason: string) => {
    if (closing) return;
    closing = true;
    try {
      await stop(reason);
    } finally {
      await close();
    }
    process.exit(0);
  };
  process.once("SIGINT", () => void shutDown("SIGINT"));
  process.once("SIGTERM", () => void shutDown("SIGTERM"));
  return shutDown;
}
