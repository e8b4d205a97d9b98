import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { DomainDeps } from "#server/domain/deps.ts";
import { currentRedirects, redirectKey } from "#server/domain/seo/redirects.server.ts";

const notRedirected = /^\/(api|assets|media|feeds|sitemaps)\//;

/**
 * Honours the redirects table for page requests (GET/HEAD) before React Router sees them: an
 * old address answers with its redirect (301 by default), the query string carried over.
 */
export const redirectHook = fp(async (app: FastifyInstance, { deps }: { deps: DomainDeps }) => {
  app.addHook("onRequest", async (request, reply) => {
    if (request.method !== "GET" && request.method !== "HEAD") return;
    const path = request.url.split("?")[0] ?? "/";
    if (notRedirected.test(path)) return;
    const redirect = (await currentRedirects(deps)).get(redirectKey(path));
    if (!redirect) return;
    const query = request.url.includes("?") ? request.url.slice(request.url.indexOf("?")) : "";
    const target = redirect.toPath.includes("?") ? redirect.toPath : `${redirect.toPath}${query}`;
    return reply.redirect(target, redirect.statusCode);
  });
});
