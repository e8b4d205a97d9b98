import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { text } from "#common/schemas/text.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { NotFoundError } from "#server/domain/errors.ts";
import { currentRedirects, redirectKey } from "#server/domain/seo/redirects.server.ts";
import { detailJson } from "#server/api/shared-schemas.ts";

const redirectJson = z.object({
  from_path: z.string(),
  to_path: z.string(),
  status_code: z.number().int(),
});

/** GET /api/redirect/?path=… — where an old address leads, if the redirects table knows it. */
export const redirectRoutes: FastifyPluginAsyncZod<{ deps: DomainDeps }> = async (
  app,
  { deps },
) => {
  app.get(
    "/redirect/",
    {
      schema: {
        tags: ["seo"],
        summary: "The redirect for a path (the server answers such paths with it, too)",
        querystring: z.strictObject({
          path: text().min(1).max(2_000).startsWith("/"),
        }),
        response: { 200: redirectJson, 404: detailJson },
      },
    },
    async (request) => {
      const redirect = (await currentRedirects(deps)).get(redirectKey(request.query.path));
      if (!redirect) throw new NotFoundError("Für diese Adresse gibt es keine Weiterleitung.");
      return {
        from_path: redirect.fromPath,
        to_path: redirect.toPath,
        status_code: redirect.statusCode,
      };
    },
  );
};
