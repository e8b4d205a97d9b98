import type { FastifyReply, FastifyRequest } from "fastify";
import { PUBLIC_CACHE_CONTROL } from "#common/public-cache-control.ts";

/**
 * `preHandler` of the public GET endpoints (decision 0100): their answers are the same for every
 * anonymous client, so a CDN and the page cache may keep them. Error answers drop the header
 * again (`handleApiError`). Scripts on other sites may read them too — the JSON feed of an
 * embedded programme (decision 0231); without credentials, so never a signed-in answer.
 */
export async function cachePublicly(_request: FastifyRequest, reply: FastifyReply) {
  reply.header("cache-control", PUBLIC_CACHE_CONTROL).header("access-control-allow-origin", "*");
}
