import * as Sentry from "@sentry/node";
import type { FastifyInstance } from "fastify";
import type { Config } from "#server/config.ts";

/**
 * Error reporting on the server (SPEC §1): Sentry when SENTRY_DSN is set, with the environment
 * from SENTRY_ENVIRONMENT ("live" by default); nothing otherwise.
 */
export function startServerSentry(config: Config): void {
  if (!config.sentry || Sentry.isInitialized()) return;
  Sentry.init({
    dsn: config.sentry.dsn,
    environment: config.sentry.environment,
    tracesSampleRate: 0,
  });
}

/** Reports the errors Fastify's error handler sees (API and pages), when Sentry runs. */
export function reportFastifyErrors(app: FastifyInstance): void {
  if (Sentry.isInitialized()) Sentry.setupFastifyErrorHandler(app);
}

/** Reports an error of the page renderer, when Sentry runs. */
export function reportServerError(error: unknown): void {
  if (Sentry.isInitialized()) Sentry.captureException(error);
}
