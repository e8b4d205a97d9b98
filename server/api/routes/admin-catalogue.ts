import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  clubSchema,
  genreAdminSchema,
  mergeSchema,
  organizerAdminSchema,
} from "#common/schemas/admin.ts";
import { clubPath, mediaUrl } from "#common/urls.ts";
import {
  deleteGenre,
  deleteOrganizer,
  listGenresForAdmin,
  saveGenre,
  saveOrganizer,
} from "#server/domain/admin/catalogue-editor.server.ts";
import { mergeClub, mergeOrganizer } from "#server/domain/admin/catalogue-merge.server.ts";
import {
  deleteClub,
  listClubsForAdmin,
  saveClub,
  type ClubRow,
} from "#server/domain/clubs/club-editor.server.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { requireAdmin } from "#server/http/request-auth.ts";
import { detailJson, idParams } from "#server/api/shared-schemas.ts";
import { doorFactsJson, toDoorFactsJson } from "#server/api/door-facts-json.ts";

const fieldErrorsJson = z.record(z.string(), z.array(z.string()));
const mergeResponses = { 204: z.null(), 400: fieldErrorsJson, 404: detailJson };

export const clubJson = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  url: z.string(),
  /** "in der Halle Neun"; empty: "im {name}" is used. */
  place_phrase: z.string(),
  address: z.string(),
  postcode: z.string(),
  city: z.string(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  description: z.string(),
  website: z.string().nullable(),
  /** The club's photo (main width, under /media/), or null. */
  photo: z.string().nullable(),
  transit_note: z.string().describe("Letzte Bahn / Nachtbus, plain text"),
  door: doorFactsJson.describe("Door and awareness facts: the defaults of the club's parties"),
});

export const toClubJson = (club: ClubRow) => ({
  id: club.id,
  name: club.name,
  slug: club.slug,
  url: clubPath(club),
  place_phrase: club.placePhrase,
  address: club.address,
  postcode: club.postcode,
  city: club.city,
  lat: club.lat,
  lng: club.lng,
  description: club.description,
  website: club.website,
  photo: mediaUrl(club.images[0] ?? null),
  transit_note: club.transitNote,

  door: toDoorFactsJson(club.doorFacts),
});

/**
 * The catalogue: clubs (create, change, delete; lat/lng by hand) and merging duplicate clubs
 * and organisers (events move, old addresses redirect 301).
 */
export const adminCatalogueRoutes: FastifyPluginAsyncZod<{ deps: DomainDeps }> = async (
  app,
  { deps },
) => {
  app.get(
    "/clubs/",
    {
      schema: {
        tags: ["admin"],
        summary: "Every club A–Z (id, name, slug)",
        response: {
          200: z.array(z.object({ id: z.number().int(), name: z.string(), slug: z.string() })),
        },
      },
    },
    async () => listClubsForAdmin(deps),
  );

  app.post(
    "/clubs/",
    {
      schema: {
        tags: ["admin"],
        summary: "Create a club",
        body: clubSchema,
        response: { 201: clubJson, 400: fieldErrorsJson },
      },
    },
    async (request, reply) => {
      const club = await saveClub(
        deps,
        await requireAdmin(deps, request, reply),
        null,
        request.body,
      );
      return reply.status(201).send(toClubJson(club));
    },
  );

  app.put(
    "/clubs/:id/",
    {
      schema: {
        tags: ["admin"],
        summary: "Change a club (its address stays when renamed)",
        params: idParams,
        body: clubSchema,
        response: { 200: clubJson, 400: fieldErrorsJson, 404: detailJson },
      },
    },
    async (request, reply) => {
      const actor = await requireAdmin(deps, request, reply);
      return toClubJson(await saveClub(deps, actor, request.params.id, request.body));
    },
  );

  app.delete(
    "/clubs/:id/",
    {
      schema: {
        tags: ["admin"],
        summary: "Delete a club without parties (one with parties is merged instead: 409)",
        params: idParams,
        response: { 204: z.null(), 404: detailJson, 409: detailJson },
      },
    },
    async (request, reply) => {
      await deleteClub(deps, await requireAdmin(deps, request, reply), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/clubs/:id/merge/",
    {
      schema: {
        tags: ["admin"],
        summary: "Merge this club into `intoId`; its events move, its addresses redirect",
        params: idParams,
        body: mergeSchema,
        response: mergeResponses,
      },
    },
    async (request, reply) => {
      await mergeClub(
        deps,
        await requireAdmin(deps, request, reply),
        request.params.id,
        request.body,
      );
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/organizers/:id/merge/",
    {
      schema: {
        tags: ["admin"],
        summary: "Merge this organiser into `intoId`; events and members move, addresses redirect",
        params: idParams,
        body: mergeSchema,
        response: mergeResponses,
      },
    },
    async (request, reply) => {
      const actor = await requireAdmin(deps, request, reply);
      await mergeOrganizer(deps, actor, request.params.id, request.body);
      return reply.status(204).send(null);
    },
  );

  const savedJson = z.object({ id: z.number().int(), slug: z.string() });

  app.post(
    "/organizers/",
    {
      schema: {
        tags: ["admin"],
        summary: "Create an organiser",
        body: organizerAdminSchema,
        response: { 201: savedJson, 400: fieldErrorsJson },
      },
    },
    async (request, reply) => {
      const actor = await requireAdmin(deps, request, reply);
      return reply.status(201).send(await saveOrganizer(deps, actor, null, request.body));
    },
  );

  app.put(
    "/organizers/:id/",
    {
      schema: {
        tags: ["admin"],
        summary: "Change an organiser (its address stays when renamed)",
        params: idParams,
        body: organizerAdminSchema,
        response: { 200: savedJson, 400: fieldErrorsJson, 404: detailJson },
      },
    },
    async (request, reply) => {
      const actor = await requireAdmin(deps, request, reply);
      return saveOrganizer(deps, actor, request.params.id, request.body);
    },
  );

  app.delete(
    "/organizers/:id/",
    {
      schema: {
        tags: ["admin"],
        summary: "Delete an organiser without parties (one with parties is merged instead: 409)",
        params: idParams,
        response: { 204: z.null(), 404: detailJson, 409: detailJson },
      },
    },
    async (request, reply) => {
      await deleteOrganizer(deps, await requireAdmin(deps, request, reply), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/genres/",
    {
      schema: {
        tags: ["admin"],
        summary: "Genres with their category id, and the categories",
        response: {
          200: z.object({
            genres: z.array(
              z.object({
                id: z.number().int(),
                name: z.string(),
                categoryId: z.number().int(),
                isMain: z.boolean(),
              }),
            ),
            categories: z.array(z.object({ id: z.number().int(), name: z.string() })),
          }),
        },
      },
    },
    async () => listGenresForAdmin(deps),
  );

  app.post(
    "/genres/",
    {
      schema: {
        tags: ["admin"],
        summary: "Create a genre in a category",
        body: genreAdminSchema,
        response: { 201: savedJson, 400: fieldErrorsJson },
      },
    },
    async (request, reply) => {
      const actor = await requireAdmin(deps, request, reply);
      return reply.status(201).send(await saveGenre(deps, actor, null, request.body));
    },
  );

  app.put(
    "/genres/:id/",
    {
      schema: {
        tags: ["admin"],
        summary: "Change a genre",
        params: idParams,
        body: genreAdminSchema,
        response: { 200: savedJson, 400: fieldErrorsJson, 404: detailJson },
      },
    },
    async (request, reply) => {
      const actor = await requireAdmin(deps, request, reply);
      return saveGenre(deps, actor, request.params.id, request.body);
    },
  );

  app.delete(
    "/genres/:id/",
    {
      schema: {
        tags: ["admin"],
        summary: "Delete a genre (parties keep their other genres)",
        params: idParams,
        response: { 204: z.null(), 404: detailJson },
      },
    },
    async (request, reply) => {
      await deleteGenre(deps, await requireAdmin(deps, request, reply), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
