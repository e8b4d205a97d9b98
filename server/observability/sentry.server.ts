import type { IncomingMessage } from "node:http";
import type * as SentryCore from "@sentry/core";
import type * as SentryNode from "@sentry/node";
import type { FastifyInstance } from "fastify";
import type { Config } from "#server/config.ts";

type SentrySdk = typeof SentryNode;

/**
 * Sentry's SDK, once started: it is loaded only when SENTRY_DSN is set (decision 0193). The page
 * renderer's bundle holds its own copy of this module, so the SDK is kept on `globalThis` under
 * a registered symbol that both copies find.
 */
const sdkKey = Symbol.for("clubkalender.sentry-sdk");
const sentryHolder = globalThis as { [sdkKey]?: SentrySdk };
/** Sentry's reading of a request for its error reports (server side only, with the SDK). */
let requestDataOf: typeof SentryCore.httpRequestToRequestData | undefined;

/**
 * Error reporting on the server (SPEC §1): Sentry when SENTRY_DSN is set, with the environment
 * from SENTRY_ENVIRONMENT ("live" by default); nothing otherwise. Without Sentry's `Http`
 * integration, which wraps every request the HTTP server receives — page cache hits too, at
 * several times a hit's own cost (decision 0203) — in a scope of its own: `inRequestScope` does
 * that for the requests Fastify answers, the only ones that can report an error.
 */
export async function startServerSentry(config: Config): Promise<void> {
  if (!config.sentry || sentryHolder[sdkKey]) return;
  const [Sentry, core] = await Promise.all([import("@sentry/node"), import("@sentry/core")]);
  sentryHolder[sdkKey] = Sentry;
  requestDataOf = core.httpRequestToRequestData;
  Sentry.init({
    dsn: config.sentry.dsn,
    environment: config.sentry.environment,
    tracesSampleRate: 0,
    integrations: (defaults) => defaults.filter((integration) => integration.name !== "Http"),
  });
}

/**
 * Runs `answer` — Fastify taking `request` — in an isolation scope of its own carrying the
 * request's data, so that an error reported while answering it names this request and no other
 * (what the left-out `Http` integration did for every request); just runs it without Sentry.
 */
export function inRequestScope(request: IncomingMessage, answer: () => void): void {
  const Sentry = sentryHolder[sdkKey];
  if (!Sentry || !requestDataOf) return answer();
  const normalizedRequest = requestDataOf(request);
  Sentry.withIsolationScope((scope) => {
    scope.setSDKProcessingMetadata({ normalizedRequest, ipAddress: request.socket?.remoteAddress });
    answer();
  });
}

/** Reports the errors Fastify's error handler sees (API and pages), when Sentry runs. */
export function reportFastifyErrors(app: FastifyInstance): void {
  sentryHolder[sdkKey]?.setupFastifyErrorHandler(app);
}

/** Reports an error of the page renderer, when Sentry runs. */
export function reportServerError(error: unknown): void {
  sentryHolder[sdkKey]?.captureException(error);
}
