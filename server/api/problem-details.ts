import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { messages } from "#common/messages.ts";
import {
  DATABASE_RETRY_AFTER_SECONDS,
  databaseUnavailableMessage,
  isDatabaseUnavailable,
} from "#server/db/database-unavailable.ts";
import {
  AuthenticationError,
  ConflictError,
  NotFoundError,
  PermissionDeniedError,
  QuotaExceededError,
  ServiceBusyError,
  TooManyAttemptsError,
  ValidationError,
  type FieldErrors,
} from "#server/domain/errors.ts";

/** The `{detail}` texts of the API's non-field errors. */
export const detail = {
  notFound: "Nicht gefunden.",
  methodNotAllowed: "Methode nicht erlaubt.",
  tooManyRequests: "Zu viele Anfragen. Bitte warte einen Moment und versuche es dann erneut.",
  malformedJson: "Der Inhalt ist kein gültiges JSON.",
  unsupportedMediaType: "Dieser Inhaltstyp wird nicht unterstützt.",
  tooLarge: "Die Anfrage ist zu groß.",
  internal: "Ein Fehler ist aufgetreten.",
} as const;

/** Zod issues from the type provider → `{field: [message]}` (the first message per field). */
function fieldErrorsOf(
  error: Parameters<typeof hasZodFastifySchemaValidationErrors>[0],
): FieldErrors {
  const fieldErrors: FieldErrors = {};
  if (!hasZodFastifySchemaValidationErrors(error)) return fieldErrors;
  const add = (field: string, message: string) => {
    fieldErrors[field] ??= [];
    if (!fieldErrors[field].includes(message)) fieldErrors[field].push(message);
  };
  for (const issue of error.validation) {
    const keys = (issue.params as { keys?: string[] }).keys;
    if (issue.keyword === "unrecognized_keys" && keys) {
      for (const key of keys) add(key, messages.unknownField);
      continue;
    }
    // Keyed by the top-level field, as the forms show them (SPEC §5).
    const field = issue.instancePath.split("/")[1] || "non_field_errors";
    add(field, issue.message ?? messages.invalidChoice);
  }
  return fieldErrors;
}

/** One error handler for the whole API: precise status, German text, no internals. */
export function handleApiError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  // Error bodies bypass the route's response schemas: a route that declares its 400 as field
  // errors must still be able to answer a malformed body with `{detail}`.
  reply.serializer(JSON.stringify).type("application/json; charset=utf-8");
  // An error is never kept by shared caches, even on a route that answers publicly.
  reply.removeHeader("cache-control");
  if (hasZodFastifySchemaValidationErrors(error)) {
    return reply.status(400).send(fieldErrorsOf(error));
  }
  if (error instanceof ValidationError) return reply.status(400).send(error.fieldErrors);
  if (error instanceof NotFoundError) return reply.status(404).send({ detail: error.message });
  if (error instanceof AuthenticationError) {
    return reply.status(401).header("www-authenticate", "Bearer").send({ detail: error.message });
  }
  if (error instanceof PermissionDeniedError) {
    return reply.status(403).send({ detail: error.message });
  }
  if (error instanceof TooManyAttemptsError) {
    reply.header("retry-after", String(error.retryAfterSeconds));
    return reply.status(429).send({ detail: detail.tooManyRequests });
  }
  if (error instanceof QuotaExceededError || error instanceof ServiceBusyError) {
    reply.header("retry-after", String(error.retryAfterSeconds));
    return reply
      .status(error instanceof QuotaExceededError ? 429 : 503)
      .send({ detail: error.message });
  }
  if (error instanceof ConflictError) {
    return reply.status(409).send({ detail: error.message, ...error.details });
  }
  switch (error.code) {
    case "FST_ERR_CTP_INVALID_JSON_BODY":
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return reply.status(400).send({ detail: detail.malformedJson });
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return reply.status(413).send({ detail: detail.tooLarge });
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return reply.status(415).send({ detail: detail.unsupportedMediaType });
  }
  if (isDatabaseUnavailable(error)) {
    reply.header("retry-after", String(DATABASE_RETRY_AFTER_SECONDS));
    return reply.status(503).send({ detail: databaseUnavailableMessage });
  }
  const status = error.statusCode ?? 500;
  if (status === 429) return reply.status(429).send({ detail: detail.tooManyRequests });
  if (status >= 400 && status < 500) {
    request.log.info({ err: error }, "client error");
    return reply.status(status).send({ detail: error.message });
  }
  request.log.error({ err: error, reqId: request.id }, "request failed");
  return reply.status(500).send({ detail: detail.internal });
}
