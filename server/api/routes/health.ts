import { sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { DomainDeps } from "#server/domain/deps.ts";

/** GET /api/health/ — answers 200 only when the database does. */
export const healthRoutes: FastifyPluginAsyncZod<{ deps: DomainDeps }> = async (app, { deps }) => {
  app.get(
    "/health/",
    {
      schema: {
        tags: ["operations"],
        summary: "Liveness and database check",
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
