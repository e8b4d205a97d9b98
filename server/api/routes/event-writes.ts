import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { eventFormFields } from "#common/schemas/event-form.ts";
import { eventPath } from "#common/urls.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import {
  cancelEvent,
  copyEventToNextWeek,
  deleteEvent,
  type SavedEvent,
} from "#server/domain/events/event-commands.server.ts";
import {
  createEventOrSeries,
  setSeriesState,
  updateEventOrSeries,
} from "#server/domain/series/series-commands.server.ts";
import { loadManagedEvent } from "#server/domain/events/event-ownership.server.ts";
import { requireActor, signedInFirst } from "#server/http/request-auth.ts";
import { detailJson, idParams } from "#server/api/shared-schemas.ts";

const savedEventJson = z.object({
  id: z.number().int(),
  slug: z.string(),
  url: z.string().describe("Path of the party page"),
  status: z.enum(["draft", "pending", "published", "cancelled", "rejected"]),
  series_id: z
    .number()
    .int()
    .nullable()
    .describe("The series the party belongs to (`repeat`), or null"),
});

const duplicateJson = z.object({
  detail: z.string(),
  duplicates: z.array(z.object({ id: z.number().int(), title: z.string(), url: z.string() })),
});

const fieldErrorsJson = z.record(z.string(), z.array(z.string()));

const toSavedEventJson = ({ seriesId, ...event }: SavedEvent & { seriesId?: number | null }) => ({
  ...event,
  url: eventPath(event),
  series_id: seriesId ?? null,
});

const writeResponses = {
  400: fieldErrorsJson,
  401: detailJson,
  403: detailJson,
  404: detailJson,
  409: duplicateJson,
};

const formDescription =
  "The event form's fields. `start`/`end` are wall-clock times in the city " +
  "(`2026-11-21T23:00`) or ISO instants with offset. `media` takes up to 11 YouTube, SoundCloud " +
  "or Spotify URLs. `flyer` is a path from POST /api/upload-flyer/. Owner, status and top " +
  "fields are ignored. 409 lists parties with a similar title in the same club that night; " +
  "send `allow_duplicate: true` to save anyway. A party that repeats (`repeat`: `weekly`, " +
  "`biweekly` or `monthly` with `repeat_week` `1`–`4` or `last` of the start's weekday; " +
  "`repeat_until` a day `2027-03-31` or empty for open-ended) becomes a series: the parties of " +
  "the next eight weeks are created at the same wall-clock time, each a party of its own. A " +
  "series with an end day holds at most 52 parties (400 on `repeat_until`). Changing a party of " +
  "a series changes only it, unless `series_scope` is `following`: then this and the later " +
  "parties and the series' template and rule change.";

/** POST /api/events/, POST /api/events/{id}/, DELETE /api/events/{id}/ and the row actions. */
export const eventWriteRoutes: FastifyPluginAsyncZod<{ deps: DomainDeps }> = async (
  app,
  { deps },
) => {
  /** Signed in and allowed to change this party before the body is validated: someone else's
   * write answers 403 (or 404 for a draft) whatever it sent. */
  const managedEventFirst =
    (attempted: string) => async (request: FastifyRequest, reply: FastifyReply) => {
      const actor = await requireActor(deps, request, reply);
      const params = idParams.safeParse(request.params);
      if (params.success) await loadManagedEvent(deps, actor, params.data.id, attempted);
    };

  app.post(
    "/events/",
    {
      preValidation: signedInFirst(deps),
      schema: {
        tags: ["events"],
        summary: "Create a party (signed in)",
        description: formDescription,
        body: eventFormFields.loose(),
        response: { 201: savedEventJson, ...writeResponses },
      },
    },
    async (request, reply) => {
      const actor = await requireActor(deps, request, reply);
      const saved = await createEventOrSeries(deps, actor, request.body);
      return reply.status(201).send(toSavedEventJson(saved));
    },
  );

  app.post(
    "/events/:id/",
    {
      preValidation: managedEventFirst("update"),
      schema: {
        tags: ["events"],
        summary: "Change a party (its creator or an admin)",
        description: formDescription,
        params: idParams,
        body: eventFormFields.loose(),
        response: { 200: savedEventJson, ...writeResponses },
      },
    },
    async (request, reply) => {
      const actor = await requireActor(deps, request, reply);
      return toSavedEventJson(
        await updateEventOrSeries(deps, actor, request.params.id, request.body),
      );
    },
  );

  app.delete(
    "/events/:id/",
    {
      preValidation: signedInFirst(deps),
      schema: {
        tags: ["events"],
        summary: "Delete a party (its creator or an admin)",
        params: idParams,
        response: { 204: z.null(), 401: detailJson, 403: detailJson, 404: detailJson },
      },
    },
    async (request, reply) => {
      const actor = await requireActor(deps, request, reply);
      await deleteEvent(deps, actor, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/events/:id/cancel/",
    {
      preValidation: signedInFirst(deps),
      schema: {
        tags: ["events"],
        summary: "Cancel a party: it stays listed, marked „Abgesagt“",
        params: idParams,
        response: { 204: z.null(), 401: detailJson, 403: detailJson, 404: detailJson },
      },
    },
    async (request, reply) => {
      const actor = await requireActor(deps, request, reply);
      await cancelEvent(deps, actor, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/series/:id/",
    {
      preValidation: signedInFirst(deps),
      schema: {
        tags: ["events"],
        summary:
          "Pause, resume or end a series of parties (its organiser or an admin); parties already created stay",
        params: idParams,
        body: z.strictObject({
          state: z
            .enum(["active", "paused", "ended"])
            .describe("`paused` and `ended` create no new parties; an ended series stays ended"),
        }),
        response: {
          200: z.object({ id: z.number().int(), state: z.enum(["active", "paused", "ended"]) }),
          400: fieldErrorsJson,
          401: detailJson,
          403: detailJson,
          404: detailJson,
          409: detailJson,
        },
      },
    },
    async (request, reply) => {
      const actor = await requireActor(deps, request, reply);
      const state = await setSeriesState(deps, actor, request.params.id, request.body.state);
      return { id: request.params.id, state };
    },
  );

  app.post(
    "/events/:id/copy/",
    {
      preValidation: signedInFirst(deps),
      schema: {
        tags: ["events"],
        summary:
          "Copy a party to the same time next week („für nächste Woche kopieren“), as a draft without its flyer",
        params: idParams,
        response: { 201: savedEventJson, 401: detailJson, 403: detailJson, 404: detailJson },
      },
    },
    async (request, reply) => {
      const actor = await requireActor(deps, request, reply);
      const copy = await copyEventToNextWeek(deps, actor, request.params.id);
      return reply.status(201).send(toSavedEventJson(copy));
    },
  );
};
