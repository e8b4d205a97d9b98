import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { eventReportSchema, eventReportThanks } from "#common/schemas/admin.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { reportEvent } from "#server/domain/moderation/event-reports.server.ts";
import { detailJson, idParams } from "#server/api/shared-schemas.ts";

const REPORT_RATE_LIMIT = { max: 10, timeWindow: "15 minutes" };

/** POST /api/events/{id}/report/ — "Fehler melden": anyone may report what is wrong with a party. */
export const eventReportRoutes: FastifyPluginAsyncZod<{ deps: DomainDeps }> = async (
  app,
  { deps },
) => {
  app.post(
    "/events/:id/report/",
    {
      config: { rateLimit: REPORT_RATE_LIMIT },
      schema: {
        tags: ["events"],
        summary: "Report a mistake on a public party (goes to the admins' reports queue)",
        params: idParams,
        body: eventReportSchema,
        response: {
          201: detailJson,
          400: z.record(z.string(), z.array(z.string())),
          404: detailJson,
          429: detailJson,
        },
      },
    },
    async (request, reply) => {
      await reportEvent(deps, request.params.id, request.body);
      return reply.status(201).send({ detail: eventReportThanks });
    },
  );
};
