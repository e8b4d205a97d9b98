import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { messages } from "#common/messages.ts";
import { databaseId } from "#common/schemas/database-id.ts";
import { doorWordPresets, doorWordSchema } from "#common/schemas/door-words.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { postDoorWord, removeDoorWord } from "#server/domain/door-words/door-words.server.ts";
import { loadManagedEvent } from "#server/domain/events/event-ownership.server.ts";
import { requireActor, signedInFirst } from "#server/http/request-auth.ts";
import { doorWordJson, toDoorWordJson } from "#server/api/door-word-json.ts";
import { detailJson, idParams } from "#server/api/shared-schemas.ts";

const fieldErrorsJson = z.record(z.string(), z.array(z.string()));

const doorWordParams = idParams.extend({
  word: databaseId({ coerce: true, notANumber: messages.notANumber }),
});

/** Words from the door (decision 0221): POST and DELETE /api/events/{id}/door-words/…. */
export const doorWordRoutes: FastifyPluginAsyncZod<{ deps: DomainDeps }> = async (
  app,
  { deps },
) => {
  /** Signed in and allowed to manage the party before the body is read: strangers get 403/404. */
  const managedEventFirst = async (request: FastifyRequest, reply: FastifyReply) => {
    const actor = await requireActor(deps, request, reply);
    const params = idParams.safeParse(request.params);
    if (params.success) await loadManagedEvent(deps, actor, params.data.id, "door_word");
  };

  app.post(
    "/events/:id/door-words/",
    {
      preValidation: managedEventFirst,
      schema: {
        tags: ["events"],
        summary: "Post a word from the door (who may manage the party, during its night)",
        description:
          `\`preset\`: one of ${doorWordPresets.map((preset) => `\`${preset}\``).join(", ")}; ` +
          "`note`: optional plain text (at most 140 characters, no `<` or `>`). Only while the " +
          "party is published, its night (06:00–06:00 Europe/Berlin) is tonight and it is not " +
          "over (403 otherwise); a few per hour and party (429 with `Retry-After`). Browsers " +
          "that saved the party or follow its club and switched live updates on get a push.",
        params: idParams,
        body: doorWordSchema,
        response: {
          201: doorWordJson,
          400: fieldErrorsJson,
          401: detailJson,
          403: detailJson,
          404: detailJson,
          429: detailJson,
        },
      },
    },
    async (request, reply) => {
      const actor = await requireActor(deps, request, reply);
      const word = await postDoorWord(deps, actor, request.params.id, request.body);
      return reply.status(201).send(toDoorWordJson(word));
    },
  );

  app.delete(
    "/events/:id/door-words/:word/",
    {
      preValidation: signedInFirst(deps),
      schema: {
        tags: ["events"],
        summary: "Remove a word from the door (admins)",
        params: doorWordParams,
        response: { 204: z.null(), 401: detailJson, 403: detailJson, 404: detailJson },
      },
    },
    async (request, reply) => {
      const actor = await requireActor(deps, request, reply);
      await removeDoorWord(deps, actor, request.params.id, request.params.word);
      return reply.status(204).send(null);
    },
  );
};
