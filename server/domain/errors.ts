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
