import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { mergeSavedPartiesBody } from "#common/schemas/saved-parties.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import {
  renewSavedPartiesFeed,
  savedPartiesFeedUrl,
} from "#server/domain/saved-parties/saved-parties-feed.server.ts";
import {
  listSavedParties,
  mergeSavedParties,
  saveParty,
  unsaveParty,
} from "#server/domain/saved-parties/saved-party-list.server.ts";
import { requireSession, signedInFirst } from "#server/http/request-auth.ts";
import { detailJson, idParams } from "#server/api/shared-schemas.ts";

const savedPartyJson = z.object({
  id: z.number().int(),
  title: z.string(),
  path: z.string().describe("Path of the party page"),
  start: z.string().describe("UTC instant, ISO 8601"),
  end: z.string().nullable(),
  place: z.string().nullable().describe("Club or place"),
  address: z.string().nullable(),
  cancelled: z.boolean(),
});

const savedListJson = z.object({ items: z.array(savedPartyJson) });

const feedJson = z.object({
  url: z.string().describe("The feed's secret https address (webcal:// to subscribe)"),
});

/**
 * The signed-in user's saved parties (decision 0181): list, save and remove one, take over the
 * browser's list at login, and the secret address of their calendar feed.
 */
export const mySavedPartyRoutes: FastifyPluginAsyncZod<{ deps: DomainDeps }> = async (
  app,
  { deps },
) => {
  app.get(
    "/my-saved-parties/",
    {
      preValidation: signedInFirst(deps),
      schema: {
        tags: ["accounts"],
        summary: "The signed-in user's saved parties, in start order",
        response: { 200: savedListJson, 401: detailJson },
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(deps, request, reply);
      return { items: await listSavedParties(deps, user.id) };
    },
  );

  app.post(
    "/my-saved-parties/",
    {
      preValidation: signedInFirst(deps),
      schema: {
        tags: ["accounts"],
        summary:
          "Add the browser's saved parties to the account (unknown ids are passed over); answers the list",
        body: mergeSavedPartiesBody,
        response: { 200: savedListJson, 401: detailJson },
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(deps, request, reply);
      return { items: await mergeSavedParties(deps, user.id, request.body.ids) };
    },
  );

  app.put(
    "/my-saved-parties/:id/",
    {
      preValidation: signedInFirst(deps),
      schema: {
        tags: ["accounts"],
        summary: "Save a party (saving it again changes nothing)",
        params: idParams,
        response: { 204: z.null(), 401: detailJson, 404: detailJson, 409: detailJson },
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(deps, request, reply);
      await saveParty(deps, user.id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    "/my-saved-parties/:id/",
    {
      preValidation: signedInFirst(deps),
      schema: {
        tags: ["accounts"],
        summary: "Remove a party from the saved ones",
        params: idParams,
        response: { 204: z.null(), 401: detailJson },
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(deps, request, reply);
      await unsaveParty(deps, user.id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/my-saved-parties/feed/",
    {
      preValidation: signedInFirst(deps),
      schema: {
        tags: ["accounts"],
        summary: "The secret address of the saved parties' calendar feed",
        response: { 200: feedJson, 401: detailJson },
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(deps, request, reply);
      return { url: await savedPartiesFeedUrl(deps, user.id) };
    },
  );

  app.post(
    "/my-saved-parties/feed/",
    {
      preValidation: signedInFirst(deps),
      schema: {
        tags: ["accounts"],
        summary: "A new feed address; the old one answers 404 from now on",
        response: { 200: feedJson, 401: detailJson },
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(deps, request, reply);
      return { url: await renewSavedPartiesFeed(deps, user.id) };
    },
  );
};
