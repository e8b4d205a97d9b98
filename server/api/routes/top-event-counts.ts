import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { DomainDeps } from "#server/domain/deps.ts";
import {
  recordTopEventCount,
  type TopEventCountKind,
} from "#server/domain/events/top-event-counts.server.ts";
import { detailJson, idParams } from "#server/api/shared-schemas.ts";
import { visitorOf } from "#server/api/visitor.ts";

const countRoutes: { url: string; kind: TopEventCountKind; summary: string }[] = [
  {
    url: "/event-impressions/",
    kind: "impression",
    summary: "Count that a top event's card was seen in a listing",
  },
  {
    url: "/event-clicks/",
    kind: "click",
    summary: "Count that a top event's card was followed to its party page",
  },
];

/** POST /api/event-impressions/ and POST /api/event-clicks/ — what a top event's buyer gets back. */
export const topEventCountRoutes: FastifyPluginAsyncZod<{ deps: DomainDeps }> = async (
  app,
  { deps },
) => {
  for (const route of countRoutes) {
    app.post(
      route.url,
      {
        schema: {
          tags: ["events"],
          summary: route.summary,
          description:
            "Anonymous. Counted once per visitor and day, only while the party is a top event; " +
            "`counted` is false for a repeat, for bots and for a party that is not top (any more).",
          body: z.strictObject({ event: idParams.shape.id }),
          response: { 200: z.object({ counted: z.boolean() }), 404: detailJson },
        },
      },
      async (request) => ({
        counted: await recordTopEventCount(
          deps,
          request.body.event,
          route.kind,
          visitorOf(request),
        ),
      }),
    );
  }
};
