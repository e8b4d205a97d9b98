import multipart from "@fastify/multipart";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { FLYER_MAX_BYTES } from "#common/flyer-sizes.ts";
import {
  getClubForEditing,
  removeClubPhoto,
  setClubPhoto,
} from "#server/domain/clubs/club-editor.server.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { FLYER_MAX_PIXELS } from "#server/domain/uploads/flyer-encoding.server.ts";
import { requireAdmin } from "#server/http/request-auth.ts";
import { detailJson, idParams } from "#server/api/shared-schemas.ts";
import { readUploadedImage } from "#server/api/uploaded-image.ts";
import { clubJson, toClubJson } from "./admin-catalogue.ts";

/** /api/admin/clubs/{id}/photo/: a club's photo, through the flyers' image pipeline. */
export const adminClubPhotoRoutes: FastifyPluginAsyncZod<{ deps: DomainDeps }> = async (
  app,
  { deps },
) => {
  await app.register(multipart, {
    limits: { fileSize: FLYER_MAX_BYTES, files: 1, fields: 0, parts: 1 },
  });

  app.put(
    "/clubs/:id/photo/",
    {
      schema: {
        tags: ["admin"],
        summary: `Set or replace a club's photo (JPEG, PNG, WebP or AVIF, at most 10 MB and ${FLYER_MAX_PIXELS / 1_000_000} megapixels)`,
        description:
          "multipart/form-data with the image in the field `photo`. Checked by its content, " +
          "re-encoded to WebP in widths 240, 400, 800 and 1200 without metadata; the old " +
          "photo's files are removed. Counts against the account's hourly image uploads " +
          "(429 with `Retry-After`); 503 with `Retry-After` when too many images wait.",
        consumes: ["multipart/form-data"],
        params: idParams,
        response: {
          200: clubJson,
          400: z.record(z.string(), z.array(z.string())),
          404: detailJson,
          429: detailJson,
          503: detailJson,
        },
      },
    },
    async (request, reply) => {
      const actor = await requireAdmin(deps, request, reply);
      await getClubForEditing(deps, request.params.id);
      const photo = await readUploadedImage(request, "photo");
      return toClubJson(await setClubPhoto(deps, actor, request.params.id, photo));
    },
  );

  app.delete(
    "/clubs/:id/photo/",
    {
      schema: {
        tags: ["admin"],
        summary: "Remove a club's photo",
        params: idParams,
        response: { 204: z.null(), 404: detailJson },
      },
    },
    async (request, reply) => {
      await removeClubPhoto(deps, await requireAdmin(deps, request, reply), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
