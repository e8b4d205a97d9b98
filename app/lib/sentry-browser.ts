import type * as SentryBrowser from "@sentry/react";

/**
 * Error reporting in the browser (SPEC §1): Sentry, loaded only when the server is configured
 * with SENTRY_DSN; otherwise nothing is loaded and errors stay local.
 */
export interface SentrySettings {
  dsn: string;
  environment: string;
}

let sentry: Promise<typeof SentryBrowser> | undefined;

export function startBrowserSentry(settings: SentrySettings | null) {
  if (!settings || sentry) return;
  sentry = import("@sentry/react").then((module) => {
    module.init({ dsn: settings.dsn, environment: settings.environment });
    return module;
  });
}

/** Reports an error when Sentry runs; a no-op otherwise. */
export function reportBrowserError(error: unknown) {
  void sentry?.then((module) => module.captureException(error));
}
