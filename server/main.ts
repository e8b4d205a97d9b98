import { buildApp } from "./app.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { DataDirLockedError } from "./db/data-dir-lock.server.ts";
import { openDatabase, StartupError } from "./db/open-database.server.ts";
import { seedDemoData } from "./db/seed/seed-demo.server.ts";
import type { DomainDeps } from "./domain/deps.ts";
import { startScheduler, type Scheduler } from "./jobs/scheduler.server.ts";
import { createMailer } from "./mail/mailer.server.ts";
import { startServerSentry } from "./observability/sentry.server.ts";
import { createMediaStorage } from "./storage/create-media-storage.server.ts";

async function main() {
  const config = loadConfig();
  startServerSentry(config);
  const { handle, release } = await openDatabase(config);
  const mail = createMailer(config);
  // Browser tests fix the clock (TEST_FIXED_NOW, refused outside NODE_ENV=test).
  const fixedNow = config.fixedNow;
  const now = fixedNow ? () => new Date(fixedNow) : () => new Date();
  const deps: DomainDeps = {
    db: handle.db,
    config,
    mail,
    storage: createMediaStorage(config, now),
    now,
  };
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  let scheduler: Scheduler | undefined;
  let closing = false;

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
      await handle.close();
      await mail.close();
    } finally {
      release();
    }
    process.exit(0);
  };
  process.once("SIGINT", () => void shutdown("SIGINT"));
  process.once("SIGTERM", () => void shutdown("SIGTERM"));

  try {
    await handle.migrate();
    if (config.seedDemoData) {
      const { seeded } = await seedDemoData(deps);
      if (seeded) console.info("Loaded the demo data into the empty database.");
    }
    app = await buildApp({
      deps,
      web: config.env === "development" ? "development" : "production",
    });
    await app.listen({ port: config.port, host: config.host });
    scheduler = startScheduler(deps, app.log);
    console.info(`${config.siteName} is running on ${config.publicUrl}`);
  } catch (error) {
    await app?.close().catch(() => {});
    await handle.close().catch(() => {});
    release();
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
