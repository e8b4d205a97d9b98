import { sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { DomainDeps } from "#server/domain/deps.ts";
import { checkReadiness } from "#server/domain/health/readiness.server.ts";

const checkStatus = z.enum(["ok", "error", "timeout"]);
const readinessBody = z.object({
  status: z.enum(["ready", "not_ready"]),
  checks: z.object({ database: checkStatus, mail: checkStatus, storage: checkStatus }),
});

/**
 * Health for load balancers, orchestrators and monitoring: liveness (the process answers),
 * readiness (its dependencies answer) and the older database check. Never cached.
 */
export const healthRoutes: FastifyPluginAsyncZod<{ deps: DomainDeps }> = async (app, { deps }) => {
  app.addHook("onSend", async (_request, reply, payload) => {
    reply.header("cache-control", "no-store");
    return payload;
  });

  app.get(
    "/health/live/",
    {
      schema: {
        tags: ["operations"],
        summary: "Liveness: the process is up (no dependency is asked)",
        response: { 200: z.object({ status: z.literal("ok") }) },
      },
    },
    async () => ({ status: "ok" as const }),
  );

  app.get(
    "/health/ready/",
    {
      schema: {
        tags: ["operations"],
        summary: "Readiness: database, mail and media storage, each with a short timeout",
        description:
          "200 when every check is `ok`; 503 when one answers `error` or `timeout` " +
          "(each check may take at most 2 seconds).",
        response: { 200: readinessBody, 503: readinessBody },
      },
    },
    async (request, reply) => {
      const readiness = await checkReadiness(deps);
      const failed = Object.entries(readiness.checks).filter(([, check]) => check.status !== "ok");
      for (const [name, check] of failed) {
        request.log.error({ check: name, status: check.status, reason: check.reason }, "not ready");
      }
      const checks = {
        database: readiness.checks.database.status,
        mail: readiness.checks.mail.status,
        storage: readiness.checks.storage.status,
      };
      return reply
        .status(readiness.ready ? 200 : 503)
        .send({ status: readiness.ready ? "ready" : "not_ready", checks });
    },
  );

  app.get(
    "/health/",
    {
      schema: {
        tags: ["operations"],
        summary: "Database check (kept for existing monitors; prefer /api/health/ready/)",
        response: {
          200: z.object({ status: z.literal("ok"), database: z.literal("ok") }),
          503: z.object({ status: z.literal("error"), database: z.literal("unreachable") }),
        },
      },
    },
    async (request, reply) => {
      try {
        await deps.db.execute(sql`select 1`);
        return { status: "ok" as const, database: "ok" as const };
      } catch (error) {
        request.log.error({ err: error }, "health check: database unreachable");
        return reply.status(503).send({ status: "error", database: "unreachable" });
      }
    },
  );
};
