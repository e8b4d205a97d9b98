import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { DomainDeps } from "#server/domain/deps.ts";
import { recordEventView } from "#server/domain/events/event-views.server.ts";
import { detailJson, idParams } from "#server/api/shared-schemas.ts";
import { visitorOf } from "#server/api/visitor.ts";

/** POST /api/event-views/ — a party page was seen (counted once per visitor and day, not bots). */
export const eventViewRoutes: FastifyPluginAsyncZod<{ deps: DomainDeps }> = async (
  app,
  { deps },
) => {
  app.post(
    "/event-views/",
    {
      schema: {
        tags: ["events"],
        summary: "Count a view of a party page",
        description:
          "Anonymous. `counted` is false for a repeat view the same day and for bots " +
          "(recognised by their user agent).",
        body: z.strictObject({ event: idParams.shape.id }),
        response: { 200: z.object({ counted: z.boolean() }), 404: detailJson },
      },
    },
    async (request) => ({
      counted: await recordEventView(deps, request.body.event, visitorOf(request)),
    }),
  );
};
