import { data, type AppLoadContext } from "react-router";
import {
  AuthenticationError,
  ConflictError,
  PermissionDeniedError,
  QuotaExceededError,
  ServiceBusyError,
  TooManyAttemptsError,
  ValidationError,
} from "#server/domain/errors.ts";
import { CSRF_FORM_FIELD, csrfFailedMessage } from "#server/http/csrf.ts";
import type { FormResult } from "./form-result.ts";
import { notFoundIfUnknown } from "./not-found.server.ts";

/** What a form posted, without its `csrf` and `intent` fields. */
export interface FormSubmission {
  /**
   * Text fields as strings, the declared checkboxes as booleans, declared files as Buffers (or
   * null); a JSON post's `values` as sent.
   */
  values: Record<string, unknown>;
  /** The pressed button's `intent`, for forms with several actions. */
  intent: string | null;
}

export interface FormActionOptions {
  /** Checkboxes: present means true, absent false. */
  checkboxes?: string[];
  /** Fields a plain form may send several times (checkbox groups, repeated inputs): read as lists. */
  lists?: string[];
  /**
   * File inputs of a multipart form (the admin's club photo): read as a Buffer, or null when
   * no file was chosen. Only routes allowed larger bodies can receive one (raw-body-limit.ts).
   */
  files?: string[];
  /**
   * Brings a plain form post and a JSON post to the same values (e.g. ids as numbers). Its result
   * goes to `handle` and comes back with every refusal (`result.values`), so a page rendered
   * without JavaScript shows the form as it was sent.
   */
  mapValues?: (values: Record<string, unknown>) => Record<string, unknown>;
}

/** What the handler answers on success: a confirmation and any data the page shows. */
export type FormSuccess<R extends FormResult> = Omit<R, "fieldErrors">;

/**
 * Every form action of the site, one shape: read the post (a form, or the event form's JSON
 * `{csrf, values}`; a body that is no readable form counts as an empty post), check the CSRF
 * token (403), run `handle`, and turn the domain's refusals into German field errors (400), a
 * message above the form (401, 403, 409, and 429 once the domain counted one attempt too many,
 * decision 0197), or the 404 page for an unknown record or someone else's, as in the loaders. A
 * used-up quota (429) or a busy server (503) is a message above the form with `Retry-After`. On
 * success `handle` returns what the page shows (e.g. `{ success: "Gespeichert." }`) or throws
 * `redirect(…)`. Forms with several buttons get their `intent` back in every answer.
 */
export async function formAction<R extends FormResult = FormResult>(
  { request, context }: { request: Request; context: AppLoadContext },
  handle: (submission: FormSubmission) => Promise<FormSuccess<R> | void>,
  options: FormActionOptions = {},
) {
  const { csrf, submission: posted } = await readSubmission(request, options);
  const submission = options.mapValues
    ? { ...posted, values: options.mapValues(posted.values) }
    : posted;
  const withIntent = (result: FormResult) =>
    submission.intent === null ? result : { ...result, intent: submission.intent };
  const echo = (result: FormResult) =>
    withIntent(options.mapValues ? { ...result, values: submission.values } : result);
  if (!context.session.checkCsrf(csrf)) {
    return data(withIntent({ fieldErrors: {}, formError: csrfFailedMessage }) as R, {
      status: 403,
    });
  }
  try {
    const success = await handle(submission);
    return data(withIntent({ fieldErrors: {}, ...success }) as R);
  } catch (error) {
    notFoundIfUnknown(error);
    const refusal = refusalOf(error);
    if (!refusal) throw error;
    const headers =
      refusal.retryAfterSeconds === undefined
        ? undefined
        : { "retry-after": String(refusal.retryAfterSeconds) };
    return data(echo(refusal.result) as R, { status: refusal.status, headers });
  }
}

async function readSubmission(
  request: Request,
  { checkboxes = [], lists = [], files = [] }: FormActionOptions,
): Promise<{ csrf: unknown; submission: FormSubmission }> {
  if ((request.headers.get("content-type") ?? "").startsWith("application/json")) {
    const body = (await request.json().catch(() => null)) as {
      csrf?: unknown;
      values?: unknown;
    } | null;
    const values = body?.values;
    return {
      csrf: body?.csrf,
      submission: {
        values: values && typeof values === "object" ? (values as Record<string, unknown>) : {},
        intent: null,
      },
    };
  }
  const formData = await formDataOf(request);
  const values: Record<string, unknown> = {};
  for (const [key, value] of formData) {
    if (typeof value === "string" && key !== CSRF_FORM_FIELD && key !== "intent") {
      values[key] = value;
    }
  }
  for (const name of checkboxes) values[name] = formData.get(name) === "on";
  for (const name of lists) {
    values[name] = formData.getAll(name).filter((value) => typeof value === "string");
  }
  for (const name of files) {
    const file = formData.get(name);
    values[name] =
      file instanceof Blob && file.size > 0 ? Buffer.from(await file.arrayBuffer()) : null;
  }
  const intent = formData.get("intent");
  return {
    csrf: formData.get(CSRF_FORM_FIELD),
    submission: { values, intent: typeof intent === "string" ? intent : null },
  };
}

/**
 * The posted form, or an empty one when the body is no readable form (a broken multipart body,
 * another content type): the action then answers as for an empty post (a 403 for the missing
 * CSRF token, field errors), never a 500.
 */
export async function formDataOf(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    return new FormData();
  }
}

/**
 * The domain's refusals as a form answer; anything else is a real error. For the rare action
 * that cannot go through `formAction` (the newsletter form posts without a CSRF token).
 */
export function refusalOf(
  error: unknown,
): { status: number; result: FormResult; retryAfterSeconds?: number } | null {
  if (error instanceof ValidationError) {
    return { status: 400, result: { fieldErrors: error.fieldErrors } };
  }
  if (error instanceof AuthenticationError) {
    return { status: 401, result: { fieldErrors: {}, formError: error.message } };
  }
  if (error instanceof PermissionDeniedError) {
    return { status: 403, result: { fieldErrors: {}, formError: error.message } };
  }
  if (error instanceof TooManyAttemptsError) {
    const formError = tooManyAttemptsMessage(error.retryAfterSeconds);
    return { status: 429, result: { fieldErrors: {}, formError } };
  }
  if (error instanceof QuotaExceededError || error instanceof ServiceBusyError) {
    return {
      status: error instanceof QuotaExceededError ? 429 : 503,
      result: { fieldErrors: {}, formError: error.message },
      retryAfterSeconds: error.retryAfterSeconds,
    };
  }
  if (error instanceof ConflictError) {
    return {
      status: 409,
      result: { fieldErrors: {}, formError: error.message, conflict: error.details },
    };
  }
  return null;
}

/** For a form with several buttons: the posted `intent` is none of them (400). */
export function refuseUnknownIntent(): never {
  throw new ValidationError({ intent: ["Unbekannte Aktion."] });
}

export const tooManyAttemptsMessage = (seconds: number) =>
  `Zu viele Versuche. Bitte warte ${seconds > 90 ? `${Math.ceil(seconds / 60)} Minuten` : `${seconds} Sekunden`} und versuche es dann erneut.`;
