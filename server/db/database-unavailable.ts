/**
 * Whether `error` says the database cannot be reached right now rather than that a query was
 * wrong: the server is starting, stopping or restarting (the embedded one after a crash), or its
 * socket is gone. Such requests are answered 503 with a German "try again", never 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  // Drizzle wraps the driver's error (DrizzleQueryError): look through causes.
  for (let current = error, depth = 0; current && depth < 4; depth++) {
    const { code, message, cause } = current as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
    };
    if (typeof code === "string" && unavailableCodes.has(code)) return true;
    if (typeof message === "string" && lostConnection.test(message)) return true;
    current = cause;
  }
  return false;
}

/** node-postgres's words for a connection the server dropped. */
const lostConnection = /^(Connection terminated|Client has encountered a connection error)/;

const unavailableCodes = new Set([
  // node-postgres cannot open a connection (nothing listens), or lost it mid-query.
  "ECONNREFUSED",
  "ENOENT",
  "ECONNRESET",
  "EPIPE",
  // PostgreSQL's SQLSTATE class 57 (operator intervention) and class 08 (connection exception).
  "57P01", // admin_shutdown
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now (starting up, recovering)
  "08000",
  "08001",
  "08003",
  "08006",
]);

/** The German text of such an answer, for visitors and API clients alike. */
export const databaseUnavailableMessage =
  "Die Seite startet gerade neu. Bitte versuche es in ein paar Sekunden noch einmal.";

/** Seconds a client should wait before trying again (`Retry-After`). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
