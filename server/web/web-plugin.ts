import { randomBytes } from "node:crypto";
import path from "node:path";
import { reactRouterFastify } from "@mcansh/remix-fastify/react-router";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { limitRawBodies } from "#server/http/raw-body-limit.ts";
import { createWebSession } from "#server/http/web-session.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { manifestRoute } from "./manifest-route.ts";

/** The server-rendered site: React Router in production from build/, in development via Vite. */
export async function webPlugin(
  app: FastifyInstance,
  { deps, mode }: { deps: DomainDeps; mode: "production" | "development" },
) {
  await app.register(manifestRoute, { deps });
  // React Router reads the raw request stream itself: Fastify's bodyLimit does not reach it.
  limitRawBodies(app);
  const assetsDir = path.join(deps.config.buildDir, "client", "assets");
  await app.register(reactRouterFastify, {
    mode,
    buildDirectory: deps.config.buildDir,
    getLoadContext: async (request, reply) => ({
      deps,
      cspNonce: randomBytes(16).toString("base64"),
      clientIp: request.ip,
      session: await createWebSession(deps, request as FastifyRequest, reply as FastifyReply),
    }),
    fastifyStaticOptions: {
      setHeaders: (response, file) => {
        response.setHeader("cache-control", staticCacheControl(file, assetsDir));
      },
    },
  });
}

/**
 * Hashed assets never change; the service worker script must be revalidated on every check so
 * a new version is found at once (SPEC §1); the rest (icons, fonts, robots.txt) for an hour.
 */
function staticCacheControl(file: string, assetsDir: string): string {
  if (file.startsWith(assetsDir + path.sep)) return "public, max-age=31536000, immutable";
  if (path.basename(file) === "sw.js") return "no-cache";
  return "public, max-age=3600";
}
