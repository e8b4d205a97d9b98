import { buildApp } from "./app.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { createDeps } from "./create-deps.ts";
import { DataDirLockedError } from "./db/data-dir-lock.server.ts";
import { RunningHandlers } from "./http/running-handlers.ts";
import { StartupError } from "./db/open-database.server.ts";
import { startScheduler, type Scheduler } from "./jobs/scheduler.server.ts";
import { startServerSentry } from "./observability/sentry.server.ts";
import { seedDemoData } from "./seed/seed-demo.server.ts";

/** How long a shutdown waits for handlers whose client has gone. */
const HANDLERS_GRACE_MS = 10_000;

async function main() {
  const config = loadConfig();
  await startServerSentry(config);
  const { deps, database, close } = await createDeps(config);
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  let scheduler: Scheduler | undefined;
  let closing = false;
  const handlers = new RunningHandlers();

  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app?.log.info({ signal }, "shutting down: finishing in-flight requests");
    // Keep-alive connections go as soon as their last answer is out, so closing waits for
    // in-flight requests but not for the clients' idle timeouts.
    const idleSweep = setInterval(() => app?.server.closeIdleConnections(), 100);
    try {
      await Promise.all([app?.close(), scheduler?.stop()]);
      clearInterval(idleSweep);
      // Handlers of requests whose client went away still run after close(): the database
      // (pool, then the embedded server, then PGlite, then the lock) goes after them.
      if (!(await handlers.settled(HANDLERS_GRACE_MS))) {
        app?.log.warn("shutting down: handlers still running after 10 s, closing anyway");
      }
    } finally {
      await close();
    }
    process.exit(0);
  };
  process.once("SIGINT", () => void shutdown("SIGINT"));
  process.once("SIGTERM", () => void shutdown("SIGTERM"));

  try {
    await database.migrate();
    if (config.seedDemoData) {
      const { seeded } = await seedDemoData(deps);
      if (seeded) console.info("Loaded the demo data into the empty database.");
    }
    app = await buildApp({
      deps,
      web: config.env === "development" ? "development" : "production",
      handlers,
    });
    await app.listen({ port: config.port, host: config.host });
    scheduler = startScheduler(deps, app.log);
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
    error instanceof StartupError
  ) {
    console.error(error.message);
  } else if ((error as NodeJS.ErrnoException).code === "EADDRINUSE") {
    console.error(`The port is already in use: ${(error as Error).message}`);
  } else {
    console.error("Clubkalender could not start:", error);
  }
  process.exit(1);
});
