import type { FieldErrorMap } from "#common/schemas/field-errors.ts";

/** What the site's form actions answer: SPEC §5's field errors, or a message for the form. */
export interface FormResult {
  fieldErrors: FieldErrorMap;
  formError?: string;
  /** A confirmation to show instead of (or above) the form. */
  success?: string;
  /** Details of a 409, e.g. the possible duplicates of a party. */
  conflict?: Record<string, unknown>;
  /** The `intent` of the button that sent a form with several actions. */
  intent?: string;
  /** The values as sent, with a refusal of a form that asks for them back (`mapValues`). */
  values?: Record<string, unknown>;
}
