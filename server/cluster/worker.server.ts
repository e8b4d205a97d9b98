import cluster from "node:cluster";
import type { FastifyInstance } from "fastify";
import { buildApp } from "#server/app.ts";
import type { Config } from "#server/config.ts";
import { createDeps } from "#server/create-deps.ts";
import { closeHttp } from "#server/http/close-http.ts";
import { RunningHandlers } from "#server/http/running-handlers.ts";
import { EMBEDDED_SOCKET_DIR_VARIABLE } from "./messages.ts";
import { connectToPrimary } from "./worker-link.ts";

/**
 * An HTTP worker of the cluster (decision 0191): opens the database the primary has prepared —
 * the embedded one through its socket, or DATABASE_URL — without the data folder's lock,
 * migrations, demo data or jobs, and answers requests on the port all workers share. Stops on
 * SIGINT/SIGTERM (finishing its requests) and when the primary goes away.
 */
export async function runWorker(config: Config): Promise<void> {
  const id = cluster.worker?.id ?? 0;
  const { deps, close } = await createDeps(config, {
    embeddedSocketDir: process.env[EMBEDDED_SOCKET_DIR_VARIABLE] || undefined,
    httpWorker: true,
  });
  const link = connectToPrimary(deps);
  const handlers = new RunningHandlers();
  let app: FastifyInstance | undefined;
  let closing = false;

  const shutdown = async (reason: string) => {
    if (closing) return;
    closing = true;
    app?.log.info({ reason, worker: id }, "worker shutting down: finishing in-flight requests");
    try {
      await closeHttp(app, handlers);
    } finally {
      await close();
    }
    process.exit(0);
  };
  process.once("SIGINT", () => void shutdown("SIGINT"));
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
  process.once("disconnect", () => void shutdown("the primary has gone"));

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
