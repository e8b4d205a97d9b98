import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { eventFiltersQuery } from "#common/schemas/event-filters.ts";
import { lineupOf } from "#server/domain/lineups/lineup-store.server.ts";
import { lineupJson, toLineupEntryJson } from "#server/api/lineup-json.ts";
import { doorWordJson, toDoorWordJson } from "#server/api/door-word-json.ts";
import { liveDoorWordsOfParty } from "#server/domain/door-words/door-words.server.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { eventFiltersFromQuery } from "#server/domain/events/filters-from-query.server.ts";
import { getPublicEvent, listEvents } from "#server/domain/events/public-events.server.ts";
import {
  eventDetailJson,
  eventSummaryJson,
  toEventDetailJson,
  toEventSummaryJson,
} from "#server/api/event-json.ts";
import { pagedResponseSchema, toPagedResponse } from "#server/api/paged-response.ts";
import { detailJson, idParams } from "#server/api/shared-schemas.ts";
import { cachePublicly } from "#server/api/public-answer.ts";

export const eventRoutes: FastifyPluginAsyncZod<{ deps: DomainDeps }> = async (app, { deps }) => {
  app.get(
    "/events/",
    {
      preHandler: cachePublicly,
      schema: {
        tags: ["events"],
        summary: "Published and cancelled parties from tonight on, in start order",
        description:
          "Dates are party nights (06:00–06:00 Europe/Berlin). `genre` takes ids, comma " +
          "separated or repeated. `top=1` keeps top events only. `search` looks in titles, " +
          "descriptions, clubs, organisers and genres (typo-tolerant; under two characters " +
          "it is ignored).",
        querystring: eventFiltersQuery,
        response: { 200: pagedResponseSchema(eventSummaryJson) },
      },
    },
    async (request) => {
      const query = request.query;
      const page = await listEvents(deps, eventFiltersFromQuery(query), {
        page: query.page,
        pageSize: query.page_size,
      });
      return toPagedResponse(request, deps.config.publicUrl, page, toEventSummaryJson);
    },
  );

  app.get(
    "/events/:id/",
    {
      preHandler: cachePublicly,
      schema: {
        tags: ["events"],
        summary: "One party",
        params: idParams,
        description:
          "`door_words`: tonight's words from the door, newest first (decision 0221); empty " +
          "outside the party's night (they go at 06:00).",
        response: {
          200: eventDetailJson.extend({ lineup: lineupJson, door_words: z.array(doorWordJson) }),
          404: detailJson,
        },
      },
    },
    async (request) => {
      const [event, lineup, doorWords] = await Promise.all([
        getPublicEvent(deps, request.params.id),
        lineupOf(deps, request.params.id),
        liveDoorWordsOfParty(deps, request.params.id),
      ]);
      return {
        ...toEventDetailJson(event),
        lineup: lineup.map(toLineupEntryJson),
        door_words: doorWords.map(toDoorWordJson),
      };
    },
  );
};
