import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { nightListQuery } from "#common/schemas/event-filters.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { eventFiltersFromQuery } from "#server/domain/events/filters-from-query.server.ts";
import { listPartyNights } from "#server/domain/listings/party-nights.server.ts";
import { nightJson, toNightJson } from "#server/api/night-json.ts";
import { pagedResponseSchema, toPagedResponse } from "#server/api/paged-response.ts";
import { cachePublicly } from "#server/api/public-answer.ts";

/** GET /api/dates/ — the home listing, paged by party nights (SPEC §7 "GET dates"). */
export const dateRoutes: FastifyPluginAsyncZod<{ deps: DomainDeps }> = async (app, { deps }) => {
  app.get(
    "/dates/",
    {
      preHandler: cachePublicly,
      schema: {
        tags: ["events"],
        summary: "Party nights with parties, from tonight on, paged by nights",
        description:
          "Each result is one party night with its count and first parties (top events " +
          "first). Nights without parties are skipped. Takes the filters of /api/events/; " +
          "`page_size` counts nights (default 4, at most 14); `_` is a cache-buster.",
        querystring: nightListQuery,
        response: { 200: pagedResponseSchema(nightJson) },
      },
    },
    async (request) => {
      const query = request.query;
      const page = await listPartyNights(deps, eventFiltersFromQuery(query), {
        page: query.page,
        pageSize: query.page_size,
      });
      return toPagedResponse(request, deps.config.publicUrl, page, toNightJson);
    },
  );
};
