import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { text } from "#common/schemas/text.ts";
import { suggestLocations } from "#server/domain/clubs/location-suggestions.server.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { cachePublicly } from "#server/api/public-answer.ts";

/** GET /api/locations/autocomplete/?q=…: clubs for the event form's club field. */
export const locationAutocompleteRoutes: FastifyPluginAsyncZod<{ deps: DomainDeps }> = async (
  app,
  { deps },
) => {
  app.get(
    "/locations/autocomplete/",
    {
      preHandler: cachePublicly,
      schema: {
        tags: ["clubs"],
        summary: "Up to 10 clubs whose name matches what was typed (similar spellings too)",
        querystring: z.strictObject({ q: text().trim().max(100).default("") }),
        response: {
          200: z.array(
            z.object({
              id: z.number().int(),
              name: z.string(),
              address: z.string(),
              city: z.string(),
            }),
          ),
        },
      },
    },
    async (request) => suggestLocations(deps, request.query.q),
  );
};
