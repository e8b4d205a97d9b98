import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { DomainDeps } from "#server/domain/deps.ts";
import { getPage } from "#server/domain/pages/pages.server.ts";

const pageJson = z.object({
  slug: z.string(),
  title: z.string(),
  html: z.string().describe("Sanitised HTML, the operator's details filled in"),
  updated_at: z.iso.datetime().nullable(),
});

/** GET /api/pageeditor/{slug}/ — an editable page (impressum, datenschutzerklaerung, faq). */
export const pageRoutes: FastifyPluginAsyncZod<{ deps: DomainDeps }> = async (app, { deps }) => {
  app.get(
    "/pageeditor/:slug/",
    {
      schema: {
        tags: ["pages"],
        summary: "One editable page, rendered",
        params: z.object({ slug: z.string().regex(/^[a-z0-9-]{1,80}$/) }),
        response: { 200: pageJson },
      },
    },
    async (request) => {
      const page = await getPage(deps, request.params.slug);
      return {
        slug: page.slug,
        title: page.title,
        html: page.html,
        updated_at: page.updatedAt?.toISOString() ?? null,
      };
    },
  );
};
