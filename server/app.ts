import { randomUUID } from "node:crypto";
import compress from "@fastify/compress";
import cookie from "@fastify/cookie";
import helmet from "@fastify/helmet";
import rateLimit from "@fastify/rate-limit";
import Fastify, { type FastifyInstance } from "fastify";
import { stdSerializers } from "pino";
import { apiPlugin } from "./api/api-plugin.ts";
import { accessLog, errorsOnlyLogController } from "./http/access-log.ts";
import { contentChanges } from "./http/content-changes.ts";
import { sourceMappedError } from "./observability/source-mapped-stacks.server.ts";
import { lingeringClose } from "./http/lingering-close.ts";
import { detail } from "./api/problem-details.ts";
import type { DomainDeps } from "./domain/deps.ts";
import { mediaRoute } from "./http/media-route.ts";
import { siteServerFactory } from "./http/site-server.ts";
import { siteAddressOf } from "./site-address.ts";
import { normalisedRequestPath, siteAddressGuard } from "./http/site-address-guard.ts";
import { embedRoutes } from "./web/embed/embed-routes.ts";
import { feedRoutes } from "./web/feed-routes.ts";
import { createPageCache } from "./web/page-cache.ts";
import {
  COMPRESSION_THRESHOLD_BYTES,
  RESPONSE_ENCODINGS,
  SYNC_COMPRESSION_MAX_BYTES,
} from "./web/response-encodings.ts";
import { reportFastifyErrors } from "./observability/sentry.server.ts";
import { privateResponses } from "./http/private-responses.ts";
import type { RunningHandlers } from "./http/running-handlers.ts";
import { rateLimitKey } from "./http/rate-limit-key.ts";
import { sharedRateLimitStore, type RequestCounter } from "./http/shared-rate-limit-store.ts";
import { redirectHook } from "./web/redirect-hook.ts";
import { webPlugin } from "./web/web-plugin.ts";
import { fastifyTrustProxy } from "./trusted-proxies.ts";

export interface AppOptions {
  deps: DomainDeps;
  /** Serve the React Router site too ("production" from build/, "development" through Vite). */
  web?: "production" | "development" | false;
  /** Counts running route handlers, for a shutdown that closes the database after them. */
  handlers?: RunningHandlers;
  /** Set in an HTTP worker of the cluster (decision 0191). */
  clusterWorker?: ClusterWorkerOptions;
}

export interface ClusterWorkerOptions {
  /** node:cluster's id of this worker, sent as `X-Worker` on every answer. */
  id: number;
  /** Hands a new content version to every other worker (through the primary). */
  announceContentChange: (version: number) => Promise<void>;
  /** Counts the global request rate in the primary, for all workers together. */
  countRequest: RequestCounter;
}

/** The whole HTTP application: config → db (in deps) → security → /api → web. */
export async function buildApp({
  deps,
  web = false,
  handlers,
  clusterWorker,
}: AppOptions): Promise<FastifyInstance> {
  const { config } = deps;
  const site = siteAddressOf(config.publicUrl, config.allowedHosts);
  const workerHeaders = clusterWorker ? { "x-worker": String(clusterWorker.id) } : {};
  const pageCache = createPageCache({
    deps,
    ttlSeconds: config.pageCacheSeconds,
    site,
    trustProxy: config.trustProxy,
    ownHeaders: workerHeaders,
  });
  const app = Fastify({
    // Cache hits are answered by the server's request listener, before Fastify (decision 0203).
    serverFactory: siteServerFactory(pageCache.answerHits),
    logger:
      config.logLevel === "silent"
        ? false
        : {
            level: config.logLevel,
            redact: ["req.headers.authorization", "req.headers.cookie"],
            serializers: { err: (error) => sourceMappedError(stdSerializers.err(error)) },
          },
    genReqId: (request) => {
      const given = request.headers["x-request-id"];
      return typeof given === "string" && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: 1_048_576,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    routerOptions: { ignoreTrailingSlash: true },
    // One normalised path for routing, the page cache and the render (decision 0196).
    rewriteUrl: normalisedRequestPath(site),
    return503OnClosing: true,
    // One line per answer, none for cache hits (server/http/access-log.ts).
    logController: errorsOnlyLogController(),
  });
  handlers?.track(app);
  // Before anything else: no request is answered for a host or target the site does not own.
  await app.register(siteAddressGuard, { site });
  // A refused body (413/411, a parser's error) is read and dropped, within bounds, after its
  // answer: closing at once would reset the connection under a client still sending (0200).
  lingeringClose(app);
  if (clusterWorker) {
    app.addHook("onRequest", async (_request, reply) => {
      reply.headers(workerHeaders);
    });
  }

  await app.register(accessLog);
  await app.register(cookie);
  await app.register(helmet, {
    // Documents get a nonce-based policy from app/entry.server.tsx (decision 0020).
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    // "no-referrer" makes Chromium send `Origin: null` with a plain form post, which React
    // Router's origin check refuses: forms without JavaScript need the origin (decision 0093).
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  });
  await app.register(compress, {
    global: true,
    encodings: [...RESPONSE_ENCODINGS],
    threshold: COMPRESSION_THRESHOLD_BYTES,
    // A page (sent whole, decision 0251) is compressed in one call on the request's thread —
    // brotli 4 on home's 139 kB: about a millisecond — instead of through a stream.
    syncThreshold: SYNC_COMPRESSION_MAX_BYTES,
  });
  await app.register(privateResponses);
  reportFastifyErrors(app);
  // Per-route limits (new followers) always apply; the global one can be turned off (0). Limits
  // on actions the site's forms offer too are the domain's (decision 0197).
  await app.register(rateLimit, {
    global: config.rateLimitPerMinute > 0,
    max: config.rateLimitPerMinute,
    timeWindow: "1 minute",
    // Counted by all processes together (the global rate only through Redis, decision 0110); if
    // the store fails, requests go through (never a 500).
    store: sharedRateLimitStore(deps.counters, { countRequest: clusterWorker?.countRequest }),
    keyGenerator: rateLimitKey,
    skipOnError: true,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      detail: detail.tooManyRequests,
      retryAfter: context.after,
    }),
  });

  await app.register(contentChanges, { deps, announce: clusterWorker?.announceContentChange });

  await app.register(mediaRoute, { deps });
  await app.register(redirectHook, { deps });
  // Kept only after the cookie plugin has written a route's cookies (decision 0171); a hit
  // already carries the security headers of its first rendering and skips cookie parsing,
  // helmet, limits and redirects (decision 0203).
  await app.register(pageCache.keepAnswers);
  await app.register(feedRoutes, { deps });
  await app.register(embedRoutes, { deps });
  await app.register(apiPlugin, { prefix: "/api", deps });
  if (web) await app.register(webPlugin, { deps, mode: web, site });
  return app;
}
