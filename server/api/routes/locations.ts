import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { clubPath } from "#common/urls.ts";
import { clubMapUrl, getClub, listClubs } from "#server/domain/clubs/clubs.server.ts";
import { saveTransitNote, transitNoteSchema } from "#server/domain/clubs/transit-note.server.ts";
import { requireActor, signedInFirst } from "#server/http/request-auth.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { detailJson, idParams } from "#server/api/shared-schemas.ts";
import { cachePublicly } from "#server/api/public-answer.ts";
import { doorFactsJson, toDoorFactsJson } from "#server/api/door-facts-json.ts";

const clubListJson = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  url: z.string(),
  address: z.string(),
  postcode: z.string(),
  city: z.string(),
  upcoming_count: z.number().int().describe("Public parties from tonight on"),
});

const clubJson = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  url: z.string(),
  address: z.string(),
  postcode: z.string(),
  city: z.string(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  map_url: z.string(),
  description: z.string(),
  website: z.string().nullable(),
  transit_note: z.string().describe("Letzte Bahn / Nachtbus, plain text; empty when none"),
  door: doorFactsJson.describe("Door and awareness facts: the defaults of the club's parties"),
});

/** GET /api/locations/ (clubs A–Z) and GET /api/locations/{id}/. */
export const locationRoutes: FastifyPluginAsyncZod<{ deps: DomainDeps }> = async (
  app,
  { deps },
) => {
  app.get(
    "/locations/",
    {
      preHandler: cachePublicly,
      schema: {
        tags: ["clubs"],
        summary: "All clubs A–Z (German order) with their upcoming party counts",
        response: { 200: z.array(clubListJson) },
      },
    },
    async () =>
      (await listClubs(deps)).map((club) => ({
        id: club.id,
        name: club.name,
        slug: club.slug,
        url: clubPath(club),
        address: club.address,
        postcode: club.postcode,
        city: club.city,
        upcoming_count: club.upcomingCount,
      })),
  );

  app.get(
    "/locations/:id/",
    {
      preHandler: cachePublicly,
      schema: {
        tags: ["clubs"],
        summary: "One club",
        params: idParams,
        response: { 200: clubJson, 404: detailJson },
      },
    },
    async (request) => {
      const club = await getClub(deps, request.params.id);
      return {
        id: club.id,
        name: club.name,
        slug: club.slug,
        url: clubPath(club),
        address: club.address,
        postcode: club.postcode,
        city: club.city,
        lat: club.lat,
        lng: club.lng,
        map_url: clubMapUrl(club),
        description: club.description,
        website: club.website,
        transit_note: club.transitNote,
        door: toDoorFactsJson(club.doorFacts),
      };
    },
  );

  app.post(
    "/locations/:id/transit-note/",
    {
      preValidation: signedInFirst(deps),
      schema: {
        tags: ["clubs"],
        summary:
          "Keep a club's 'letzte Bahn / Nachtbus' note (admins, and whoever entered a party there)",
        params: idParams,
        body: transitNoteSchema,
        response: {
          200: z.object({ transit_note: z.string() }),
          400: z.record(z.string(), z.array(z.string())),
          401: detailJson,
          403: detailJson,
          404: detailJson,
        },
      },
    },
    async (request, reply) => {
      const actor = await requireActor(deps, request, reply);
      const note = await saveTransitNote(deps, actor, request.params.id, request.body);
      return { transit_note: note };
    },
  );
};
