import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { genreCategoryAdminSchema } from "#common/schemas/admin.ts";
import {
  deleteGenreCategory,
  saveGenreCategory,
} from "#server/domain/admin/genre-categories.server.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { requireAdmin } from "#server/http/request-auth.ts";
import { detailJson, idParams } from "#server/api/shared-schemas.ts";

const fieldErrorsJson = z.record(z.string(), z.array(z.string()));
const savedJson = z.object({ id: z.number().int(), slug: z.string() });

/** /api/admin/genre-categories/: create, rename and delete the genres' categories. */
export const adminGenreCategoryRoutes: FastifyPluginAsyncZod<{ deps: DomainDeps }> = async (
  app,
  { deps },
) => {
  app.post(
    "/genre-categories/",
    {
      schema: {
        tags: ["admin"],
        summary: "Create a genre category (it goes last)",
        body: genreCategoryAdminSchema,
        response: { 201: savedJson, 400: fieldErrorsJson },
      },
    },
    async (request, reply) => {
      const actor = await requireAdmin(deps, request, reply);
      return reply.status(201).send(await saveGenreCategory(deps, actor, null, request.body));
    },
  );

  app.put(
    "/genre-categories/:id/",
    {
      schema: {
        tags: ["admin"],
        summary: "Rename a genre category (its slug stays)",
        params: idParams,
        body: genreCategoryAdminSchema,
        response: { 200: savedJson, 400: fieldErrorsJson, 404: detailJson },
      },
    },
    async (request, reply) => {
      const actor = await requireAdmin(deps, request, reply);
      return saveGenreCategory(deps, actor, request.params.id, request.body);
    },
  );

  app.delete(
    "/genre-categories/:id/",
    {
      schema: {
        tags: ["admin"],
        summary: "Delete a genre category no genre uses (409 while genres use it)",
        params: idParams,
        response: { 204: z.null(), 404: detailJson, 409: detailJson },
      },
    },
    async (request, reply) => {
      await deleteGenreCategory(deps, await requireAdmin(deps, request, reply), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
