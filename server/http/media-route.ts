import type { FastifyInstance } from "fastify";
import type { DomainDeps } from "#server/domain/deps.ts";
import {
  isThumbnailKey,
  makeMissingThumbnail,
} from "#server/domain/uploads/flyer-encoding.server.ts";
import { isMediaKey } from "#server/storage/media-storage.ts";

/**
 * GET /media/*: uploaded files through the storage driver. Names are random and never reused,
 * so answers are cacheable for a year; with S3_PUBLIC_URL the browser is sent to the bucket.
 * A thumbnail an older image lacks is made on its first request (decision 0194).
 */
export async function mediaRoute(app: FastifyInstance, { deps }: { deps: DomainDeps }) {
  app.get("/media/*", async (request, reply) => {
    const key = (request.params as { "*": string })["*"];
    if (!isMediaKey(key)) return reply.status(404).send({ detail: "Nicht gefunden." });
    const publicUrl = deps.storage.publicUrl(key);
    if (publicUrl) {
      if (isThumbnailKey(key) && !(await deps.storage.get(key))) {
        await makeMissingThumbnail(deps, key);
      }
      return reply.redirect(publicUrl, 301);
    }
    const file = await deps.storage.get(key);
    const body = file?.body ?? (await makeMissingThumbnail(deps, key));
    if (!body) return reply.status(404).send({ detail: "Nicht gefunden." });
    return reply
      .header("content-type", file?.contentType ?? "image/webp")
      .header("cache-control", "public, max-age=31536000, immutable")
      .header("x-content-type-options", "nosniff")
      .header("content-security-policy", "default-src 'none'; sandbox")
      .send(body);
  });
}
