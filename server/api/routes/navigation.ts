import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { navigationSchema } from "#common/schemas/navigation.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { getNavigation } from "#server/domain/navigation/navigation.server.ts";

/** GET /api/navigation/ — the menu modal's main navigation and the footer links. */
export const navigationRoutes: FastifyPluginAsyncZod<{ deps: DomainDeps }> = async (
  app,
  { deps },
) => {
  app.get(
    "/navigation/",
    {
      schema: {
        tags: ["navigation"],
        summary: "The site's menus: `main` (with submenus) and `footer`",
        response: { 200: navigationSchema },
      },
    },
    async (_request, reply) => {
      reply.header("cache-control", "public, max-age=60, s-maxage=300, stale-while-revalidate=600");
      return getNavigation(deps);
    },
  );
};
