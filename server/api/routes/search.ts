import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { autocompleteQuery, searchQuery } from "#common/schemas/search.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import {
  autocomplete,
  search,
  searchPages,
  type SearchHit,
} from "#server/domain/search/site-search.server.ts";
import { eventSummaryJson, toEventSummaryJson } from "#server/api/event-json.ts";
import { pagedResponseSchema, toPagedResponse } from "#server/api/paged-response.ts";
import { cachePublicly } from "#server/api/public-answer.ts";

const hitJson = z.object({
  type: z.enum(["party", "club", "venue", "organizer", "genre", "page", "artist"]),
  id: z.number().int(),
  title: z.string(),
  subtitle: z.string().nullable(),
  url: z.string().describe("Path of the page"),
});

const toHitJson = (hit: SearchHit): z.infer<typeof hitJson> => ({
  type: hit.kind,
  id: hit.id,
  title: hit.title,
  subtitle: hit.subtitle,
  url: hit.path,
});

const searchNotes =
  "Case, umlauts (ä = ae = a), ß/ss, accents and the spellings of drum and bass " +
  "(dnb, d&b, drum & bass) do not matter; small typos are forgiven. A `q` under two " +
  "characters finds nothing; over 200 is a field error.";

/** GET /api/search/, /api/search/autocomplete/ and /api/search/pages/. */
export const searchRoutes: FastifyPluginAsyncZod<{ deps: DomainDeps }> = async (app, { deps }) => {
  app.get(
    "/search/",
    {
      preHandler: cachePublicly,
      schema: {
        tags: ["search"],
        summary:
          "Search: upcoming parties (paged) plus matching clubs, organisers, genres, pages, artists",
        description: searchNotes,
        querystring: searchQuery,
        response: {
          200: pagedResponseSchema(eventSummaryJson).extend({
            clubs: z.array(hitJson),
            venues: z
              .array(hitJson)
              .describe("Venues without a club page; `url` searches for them"),
            organizers: z.array(hitJson),
            genres: z.array(hitJson),
            pages: z.array(hitJson),
            artists: z.array(hitJson),
          }),
        },
      },
    },
    async (request) => {
      const { q, page, page_size } = request.query;
      const results = await search(deps, q, { page, pageSize: page_size });
      return {
        ...toPagedResponse(request, deps.config.publicUrl, results.parties, toEventSummaryJson),
        clubs: results.clubs.map(toHitJson),
        venues: results.venues.map(toHitJson),
        organizers: results.organizers.map(toHitJson),
        genres: results.genres.map(toHitJson),
        pages: results.pages.map(toHitJson),
        artists: results.artists.map(toHitJson),
      };
    },
  );

  app.get(
    "/search/autocomplete/",
    {
      preHandler: cachePublicly,
      schema: {
        tags: ["search"],
        summary:
          "Suggestions while typing: parties, clubs, venues, organisers, genres, pages and artists",
        description: searchNotes,
        querystring: autocompleteQuery,
        response: { 200: z.object({ results: z.array(hitJson) }) },
      },
    },
    async (request) => ({
      results: (await autocomplete(deps, request.query.q)).map(toHitJson),
    }),
  );

  app.get(
    "/search/pages/",
    {
      preHandler: cachePublicly,
      schema: {
        tags: ["search"],
        summary: "Editable pages (FAQ, Impressum, …) matching the text",
        description: searchNotes,
        querystring: autocompleteQuery,
        response: { 200: z.object({ results: z.array(hitJson) }) },
      },
    },
    async (request) => ({
      results: (await searchPages(deps, request.query.q)).map(toHitJson),
    }),
  );
};
