import cluster from "node:cluster";
import type { buildApp as BuildApp } from "./app.ts";
import { ConfigError, loadConfig, type Config } from "./config.ts";
import { createDeps } from "./create-deps.ts";
import { DataDirLockedError } from "./db/data-dir-lock.server.ts";
import { closeHttp } from "./http/close-http.ts";
import { RunningHandlers } from "./http/running-handlers.ts";
import { StartupError } from "./db/open-database.server.ts";
import { WorkerStartError } from "./cluster/worker-start-error.ts";
import type { Scheduler } from "./jobs/scheduler.server.ts";
import { startServerSentry } from "./observability/sentry.server.ts";
import { drawDemoPicturesInBackground, prepareDatabase } from "./seed/prepare-database.server.ts";

/**
 * The server: one process (WEB_CONCURRENCY=1), or a primary that owns the database and the jobs
 * with WEB_CONCURRENCY node:cluster workers answering HTTP on the one port (decision 0191).
 */
async function main() {
  const config = loadConfig();
  await startServerSentry(config);
  if (config.webConcurrency <= 1) return runSingleProcess(config);
  // Each role loads only its own modules: the primary neither Fastify's app nor the site.
  if (cluster.isPrimary) return (await import("./cluster/primary.server.ts")).runPrimary(config);
  return (await import("./cluster/worker.server.ts")).runWorker(config);
}

/** Everything in this process: database, migrations, demo data, HTTP and the jobs. */
async function runSingleProcess(config: Config) {
  const { deps, database, close } = await createDeps(config);
  let app: Awaited<ReturnType<typeof BuildApp>> | undefined;
  let scheduler: Scheduler | undefined;
  let demoPictures: ReturnType<typeof drawDemoPicturesInBackground> | undefined;
  let closing = false;
  const handlers = new RunningHandlers();

  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app?.log.info({ signal }, "shutting down: finishing in-flight requests");
    try {
      await closeHttp(app, handlers, async () => {
        await Promise.all([scheduler?.stop(), demoPictures?.stop()]);
      });
    } finally {
      // The database (pool, then the embedded server, then the lock) goes last.
      await close();
    }
    process.exit(0);
  };
  process.once("SIGINT", () => void shutdown("SIGINT"));
  process.once("SIGTERM", () => void shutdown("SIGTERM"));

  try {
    await prepareDatabase(deps, database, config);
    const { buildApp } = await import("./app.ts");
    app = await buildApp({
      deps,
      web: config.env === "development" ? "development" : "production",
      handlers,
    });
    await app.listen({ port: config.port, host: config.host });
    const { startScheduler } = await import("./jobs/scheduler.server.ts");
    scheduler = startScheduler(deps, app.log);
    demoPictures = drawDemoPicturesInBackground(deps, app.log);
    console.info(`${config.siteName} is running on ${config.publicUrl}`);
  } catch (error) {
    await app?.close().catch(() => {});
    await close().catch(() => {});
    throw error;
  }
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
    console.error("Clubkalender could not start:", error);
  }
  process.exit(1);
});
