import multipart from "@fastify/multipart";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { FLYER_MAX_BYTES, flyerSrcSet } from "#common/flyer-sizes.ts";
import { mediaUrl } from "#common/urls.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { FLYER_MAX_PIXELS } from "#server/domain/uploads/flyer-encoding.server.ts";
import { uploadFlyer } from "#server/domain/uploads/flyer-upload.server.ts";
import { requireActor, signedInFirst } from "#server/http/request-auth.ts";
import { detailJson } from "#server/api/shared-schemas.ts";
import { readUploadedImage } from "#server/api/uploaded-image.ts";

/** POST /api/upload-flyer/: one image in the multipart field `flyer`, at most 10 MB. */
export const uploadFlyerRoutes: FastifyPluginAsyncZod<{ deps: DomainDeps }> = async (
  app,
  { deps },
) => {
  await app.register(multipart, {
    limits: { fileSize: FLYER_MAX_BYTES, files: 1, fields: 0, parts: 1 },
  });

  app.post(
    "/upload-flyer/",
    {
      preValidation: signedInFirst(deps),
      schema: {
        tags: ["events"],
        summary: `Upload a flyer (JPEG, PNG, WebP or AVIF, at most 10 MB and ${FLYER_MAX_PIXELS / 1_000_000} megapixels)`,
        description:
          "The image is checked by its content, re-encoded to WebP in widths 240, 400, 800 " +
          "and 1200 without metadata and stored under a random name. Put the answer's " +
          "`flyer` into the event's `flyer` field. Each account may upload " +
          "IMAGE_UPLOADS_PER_HOUR images an hour (429 with `Retry-After` beyond); when too " +
          "many images wait to be encoded the answer is 503 with `Retry-After`.",
        consumes: ["multipart/form-data"],
        response: {
          201: z.object({ flyer: z.string(), url: z.string(), srcset: z.string() }),
          400: z.record(z.string(), z.array(z.string())),
          401: detailJson,
          403: detailJson,
          429: detailJson,
          503: detailJson,
        },
      },
    },
    async (request, reply) => {
      const actor = await requireActor(deps, request, reply);
      const data = await readUploadedImage(request, "flyer");
      const { path } = await uploadFlyer(deps, actor.id, data);
      return reply
        .status(201)
        .send({ flyer: path, url: mediaUrl(path)!, srcset: flyerSrcSet(path)! });
    },
  );
};
