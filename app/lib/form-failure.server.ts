import { data } from "react-router";
import {
  AuthenticationError,
  ConflictError,
  PermissionDeniedError,
  ValidationError,
} from "#server/domain/errors.ts";
import type { FormResult } from "./form-result.ts";

/**
 * A refused form submission as an action answer: field errors under their fields (400), the
 * domain's other refusals as a message above the form. Anything else is a real error.
 */
export function formFailure(error: unknown) {
  if (error instanceof ValidationError) {
    return data<FormResult>({ fieldErrors: error.fieldErrors }, { status: 400 });
  }
  if (error instanceof AuthenticationError) {
    return data<FormResult>({ fieldErrors: {}, formError: error.message }, { status: 401 });
  }
  if (error instanceof PermissionDeniedError) {
    return data<FormResult>({ fieldErrors: {}, formError: error.message }, { status: 403 });
  }
  if (error instanceof ConflictError) {
    return data<FormResult>(
      { fieldErrors: {}, formError: error.message, conflict: error.details },
      { status: 409 },
    );
  }
  throw error;
}
