import cluster from "node:cluster";
import type { FastifyInstance } from "fastify";
import { buildApp } from "#server/app.ts";
import type { Config } from "#server/config.ts";
import { createDeps } from "#server/create-deps.ts";
import { closeHttp } from "#server/http/close-http.ts";
import { RunningHandlers } from "#server/http/running-handlers.ts";
import { shutDownOnSignals } from "#server/shut-down-on-signals.ts";
import { connectToPrimary, databaseFromPrimary } from "./worker-link.ts";

/**
 * An HTTP worker of the cluster (decision 0191): forked while the primary starts the database
 * (decision 0205), it loads its modules meanwhile, then opens the database once the primary has
 * prepared it — the embedded one through its socket, or DATABASE_URL — without the data
 * folder's lock, migrations, demo data or jobs, and answers requests on the port all workers
 * share. Stops on SIGINT/SIGTERM (finishing its requests) and when the primary goes away.
 */
export async function runWorker(config: Config): Promise<void> {
  const id = cluster.worker?.id ?? 0;
  const embeddedSocketDir = await databaseFromPrimary();
  const { deps, close } = await createDeps(config, { embeddedSocketDir, httpWorker: true });
  const link = connectToPrimary(deps);
  const handlers = new RunningHandlers();
  let app: FastifyInstance | undefined;

  const shutDown = shutDownOnSignals({
    stop: async (reason) => {
      app?.log.info({ reason, worker: id }, "worker shutting down: finishing in-flight requests");
      await closeHttp(app, handlers);
    },
    close,
  });
  process.once("disconnect", () => void shutDown("the primary has gone"));

  try {
    app = await buildApp({
      deps,
      web: config.env === "development" ? "development" : "production",
      handlers,
      clusterWorker: { id, ...link },
    });
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app?.close().catch(() => {});
    await close().catch(() => {});
    throw error;
  }
}
