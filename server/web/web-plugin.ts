import { randomBytes } from "node:crypto";
import path from "node:path";
import { pathToFileURL } from "node:url";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import type { ServerBuild } from "react-router";
import { limitRawBodies } from "#server/http/raw-body-limit.ts";
import type { SiteAddress } from "#server/site-address.ts";
import { createWebSession } from "#server/http/web-session.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { manifestRoute } from "./manifest-route.ts";
import { reactRouterRoute } from "./react-router-route.ts";

/**
 * The React Router build's file name inside the server bundle, which carries it so that both
 * share one copy of each package (scripts/build-server.mjs, decision 0206); not defined when the
 * server runs from its sources (tsx), which import the build as Vite wrote it.
 */
declare const BUNDLED_REACT_ROUTER_BUILD: string | undefined;

/** The server-rendered site: React Router in production from build/, in development via Vite. */
export async function webPlugin(
  app: FastifyInstance,
  { deps, mode, site }: { deps: DomainDeps; mode: "production" | "development"; site: SiteAddress },
) {
  await app.register(manifestRoute, { deps });
  // React Router reads the raw request stream itself: Fastify's bodyLimit does not reach it.
  limitRawBodies(app);
  const build = mode === "production" ? await productionBuild(app, deps) : await viteBuild(app);
  await reactRouterRoute(app, {
    build,
    mode,
    site,
    getLoadContext: async (request, reply) => ({
      deps,
      cspNonce: randomBytes(16).toString("base64"),
      clientIp: request.ip,
      session: await createWebSession(deps, request, reply),
    }),
  });
}

/** The built site: its client files served as they are, its server build imported once. */
async function productionBuild(app: FastifyInstance, deps: DomainDeps): Promise<ServerBuild> {
  const clientDir = path.join(deps.config.buildDir, "client");
  const assetsDir = path.join(clientDir, "assets");
  await app.register(fastifyStatic, {
    root: clientDir,
    wildcard: false,
    cacheControl: false,
    etag: true,
    lastModified: true,
    setHeaders: (reply, file) => {
      reply.header("cache-control", staticCacheControl(file, assetsDir));
    },
  });
  const serverBuild =
    typeof BUNDLED_REACT_ROUTER_BUILD === "string"
      ? path.join(deps.config.buildDir, "app-server", BUNDLED_REACT_ROUTER_BUILD)
      : path.join(deps.config.buildDir, "server", "index.js");
  return (await import(pathToFileURL(serverBuild).href)) as ServerBuild;
}

/** Development: Vite's middlewares serve the sources, each render loads the current build. */
async function viteBuild(app: FastifyInstance): Promise<() => Promise<ServerBuild>> {
  const { createServer } = await import("vite");
  const vite = await createServer({ server: { middlewareMode: true } });
  const { default: middie } = await import("@fastify/middie");
  await app.register(middie);
  app.use(vite.middlewares);
  app.addHook("onClose", () => vite.close());
  return async () =>
    (await vite.ssrLoadModule("virtual:react-router/server-build")) as unknown as ServerBuild;
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
