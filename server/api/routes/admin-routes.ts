import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { DomainDeps } from "#server/domain/deps.ts";
import { requireAdmin } from "#server/http/request-auth.ts";
import { adminAdRoutes } from "./admin-ads.ts";
import { adminCatalogueRoutes } from "./admin-catalogue.ts";
import { adminClubPhotoRoutes } from "./admin-club-photos.ts";
import { adminGenreCategoryRoutes } from "./admin-genre-categories.ts";
import { adminContentRoutes } from "./admin-content.ts";
import { adminModerationRoutes } from "./admin-moderation.ts";
import { adminNewsletterRoutes } from "./admin-newsletter.ts";
import { adminOverviewRoutes } from "./admin-overview.ts";
import { adminSettingsRoutes } from "./admin-settings.ts";
import { adminUserRoutes } from "./admin-users.ts";

const adminResources = [
  adminOverviewRoutes,
  adminModerationRoutes,
  adminUserRoutes,
  adminCatalogueRoutes,
  adminClubPhotoRoutes,
  adminGenreCategoryRoutes,
  adminContentRoutes,
  adminSettingsRoutes,
  adminNewsletterRoutes,
  adminAdRoutes,
];

/**
 * /api/admin/…: every endpoint answers 401 without a session and 403 for anyone but an admin,
 * checked before the request is even validated (one hook for all, so none can forget it).
 */
export const adminRoutes: FastifyPluginAsyncZod<{ deps: DomainDeps }> = async (app, { deps }) => {
  await app.register(
    async (admin) => {
      admin.addHook("onRequest", async (request, reply) => {
        await requireAdmin(deps, request, reply);
      });
      for (const routes of adminResources) await admin.register(routes, { deps });
    },
    { prefix: "/admin" },
  );
};
