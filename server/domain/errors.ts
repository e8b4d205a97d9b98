/** Errors the domain raises; the API and the web adapters map them to responses. */

export class NotFoundError extends Error {
  constructor(what = "Nicht gefunden.") {
    super(what);
  }
}

/** Field errors keyed by field name, each a list of German messages. */
export type FieldErrors = Record<string, string[]>;

export class ValidationError extends Error {
  constructor(public readonly fieldErrors: FieldErrors) {
    super("Validation failed");
  }
}

/** Not signed in, or the credentials or token are not valid (401). */
export class AuthenticationError extends Error {
  constructor(what = "Bitte melde Dich an.") {
    super(what);
  }
}

/** Signed in, but not allowed to do this (403). */
export class PermissionDeniedError extends Error {
  constructor(what = "Das darfst Du nicht.") {
    super(what);
  }
}

/**
 * Someone else's record (403 in the API, with this message). The site's pages and forms answer
 * it like an unknown id (the 404 page), so they do not tell that the record exists.
 */
export class NotYoursError extends PermissionDeniedError {}

/** The request would conflict with existing data; `details` say with what (409). */
export class ConflictError extends Error {
  constructor(
    what: string,
    public readonly details: Record<string, unknown> = {},
  ) {
    super(what);
  }
}

/** Too many failed attempts for now; the client may try again after `retryAfterSeconds` (429). */
export class TooManyAttemptsError extends Error {
  constructor(public readonly retryAfterSeconds: number) {
    super("Zu viele Versuche.");
  }
}

/** A quota of the account is used up (uploads per hour); again after `retryAfterSeconds` (429). */
export class QuotaExceededError extends Error {
  constructor(
    what: string,
    public readonly retryAfterSeconds: number,
  ) {
    super(what);
  }
}

/** The server is too busy for this request now; again after `retryAfterSeconds` (503). */
export class ServiceBusyError extends Error {
  constructor(
    what: string,
    public readonly retryAfterSeconds: number,
  ) {
    super(what);
  }
}
