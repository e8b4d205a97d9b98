import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { mediaUrl, organizerPath } from "#common/urls.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import {
  getOrganizer,
  listOrganizers,
  organizerLinks,
} from "#server/domain/organizers/organizers.server.ts";
import { detailJson, idParams } from "#server/api/shared-schemas.ts";
import { cachePublicly } from "#server/api/public-answer.ts";

const organizerListJson = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  url: z.string(),
  upcoming_count: z.number().int(),
});

const organizerJson = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  url: z.string(),
  description: z.string(),
  logo: z.string().nullable(),
  links: z.array(z.object({ label: z.string(), url: z.string() })),
});

/** GET /api/organizer/ (organisers A–Z) and GET /api/organizer/{id}/. */
export const organizerRoutes: FastifyPluginAsyncZod<{ deps: DomainDeps }> = async (
  app,
  { deps },
) => {
  app.get(
    "/organizer/",
    {
      preHandler: cachePublicly,
      schema: {
        tags: ["organizers"],
        summary: "All organisers A–Z (German order) with their upcoming party counts",
        response: { 200: z.array(organizerListJson) },
      },
    },
    async () =>
      (await listOrganizers(deps)).map((organizer) => ({
        id: organizer.id,
        name: organizer.name,
        slug: organizer.slug,
        url: organizerPath(organizer),
        upcoming_count: organizer.upcomingCount,
      })),
  );

  app.get(
    "/organizer/:id/",
    {
      preHandler: cachePublicly,
      schema: {
        tags: ["organizers"],
        summary: "One organiser",
        params: idParams,
        response: { 200: organizerJson, 404: detailJson },
      },
    },
    async (request) => {
      const organizer = await getOrganizer(deps, request.params.id);
      return {
        id: organizer.id,
        name: organizer.name,
        slug: organizer.slug,
        url: organizerPath(organizer),
        description: organizer.description,
        logo: mediaUrl(organizer.logoPath),
        links: organizerLinks(organizer),
      };
    },
  );
};
