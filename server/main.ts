import cluster from "node:cluster";
import { ConfigError, loadConfig } from "./config.ts";
import { DataDirLockedError } from "./db/data-dir-lock.server.ts";
import { StartupError } from "./db/startup-error.ts";
import { WorkerStartError } from "./cluster/worker-start-error.ts";
import { sourceMappedStack } from "./observability/source-mapped-stacks.server.ts";
import { startServerSentry } from "./observability/sentry.server.ts";

/**
 * The server: one process (WEB_CONCURRENCY=1), or a primary that owns the database and the jobs
 * with WEB_CONCURRENCY node:cluster workers answering HTTP on the one port (decision 0191).
 * Each role loads only its own modules, and only once it knows it is that role: the primary
 * forks its workers before it loads the database's (decision 0205).
 */
async function main() {
  const config = loadConfig();
  await startServerSentry(config);
  if (config.webConcurrency <= 1) {
    return (await import("./single-process.server.ts")).runSingleProcess(config);
  }
  if (cluster.isPrimary) return (await import("./cluster/primary.server.ts")).runPrimary(config);
  return (await import("./cluster/worker.server.ts")).runWorker(config);
}

main().catch((error: unknown) => {
  if (
    error instanceof ConfigError ||
    error instanceof DataDirLockedError ||
    error instanceof StartupError ||
    error instanceof WorkerStartError
  ) {
    console.error(error.message);
  } else if ((error as NodeJS.ErrnoException).code === "EADDRINUSE") {
    console.error(`The port is already in use: ${(error as Error).message}`);
  } else {
    if (error instanceof Error && error.stack) error.stack = sourceMappedStack(error.stack);
    console.error("Clubkalender could not start:", error);
  }
  process.exit(1);
});
