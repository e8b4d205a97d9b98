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

/**
 * Error reporting on the server (SPEC §1): Sentry when SENTRY_DSN is set, with the environment
 * from SENTRY_ENVIRONMENT ("live" by default); nothing otherwise.
 */
export async function startServerSentry(config: Config): Promise<void> {
  if (!config.sentry || sentryHolder[sdkKey]) return;
  const Sentry = await import("@sentry/node");
  sentryHolder[sdkKey] = Sentry;
  Sentry.init({
    dsn: config.sentry.dsn,
    environment: config.sentry.environment,
    tracesSampleRate: 0,
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
