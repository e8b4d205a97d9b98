import type { buildApp as BuildApp } from "./app.ts";
import type { Config } from "./config.ts";
import { createDeps } from "./create-deps.ts";
import { closeHttp } from "./http/close-http.ts";
import { RunningHandlers } from "./http/running-handlers.ts";
import type { Scheduler } from "./jobs/scheduler.server.ts";
import { drawDemoPicturesInBackground, prepareDatabase } from "./seed/prepare-database.server.ts";
import { shutDownOnSignals } from "./shut-down-on-signals.ts";

/** Everything in this process (WEB_CONCURRENCY=1): database, migrations, demo data, HTTP, jobs. */
export async function runSingleProcess(config: Config): Promise<void> {
  const composition = await createDeps(config);
  const { deps, close } = composition;
  let app: Awaited<ReturnType<typeof BuildApp>> | undefined;
  let scheduler: Scheduler | undefined;
  let demoPictures: ReturnType<typeof drawDemoPicturesInBackground> | undefined;
  const handlers = new RunningHandlers();

  shutDownOnSignals({
    stop: async (signal) => {
      app?.log.info({ signal }, "shutting down: finishing in-flight requests");
      await closeHttp(app, handlers, async () => {
        await Promise.all([scheduler?.stop(), demoPictures?.stop()]);
      });
    },
    close,
  });

  try {
    await prepareDatabase(composition, config);
    const { buildApp } = await import("./app.ts");
    app = await buildApp({
      deps,
      web: config.env === "development" ? "development" : "production",
      handlers,
    });
    await app.listen({ port: config.port, host: config.host });
    const { startScheduler } = await import("./jobs/scheduler.server.ts");
    scheduler = startScheduler(deps, app.log);
    demoPictures = drawDemoPicturesInBackground(composition, app.log);
    console.info(`${config.siteName} is running on ${config.publicUrl}`);
  } catch (error) {
    await app?.close().catch(() => {});
    await close().catch(() => {});
    throw error;
  }
}
