import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { eventReportSchema, eventReportThanks } from "#common/schemas/admin.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { reportEvent } from "#server/domain/moderation/event-reports.server.ts";
import { clientOf, countAttemptFirst } from "#server/http/attempt-limits.ts";
import { detailJson, idParams } from "#server/api/shared-schemas.ts";

/** POST /api/events/{id}/report/ — "Fehler melden": anyone may report what is wrong with a party. */
export const eventReportRoutes: FastifyPluginAsyncZod<{ deps: DomainDeps }> = async (
  app,
  { deps },
) => {
  app.post(
    "/events/:id/report/",
    {
      // Reports per client address (the domain's, decision 0197), malformed ones included.
      onRequest: countAttemptFirst(deps, "report"),
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
      await reportEvent(deps, request.params.id, request.body, clientOf(request));
      return reply.status(201).send({ detail: eventReportThanks });
    },
  );
};
