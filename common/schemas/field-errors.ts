import type { z } from "./german-errors.ts";

/** Field errors as the API sends them and the forms show them: `{field: [message]}`. */
export type FieldErrorMap = Record<string, string[]>;

/**
 * Zod issues keyed by their top-level field (SPEC §5: "keyed by field name"), or by
 * "field.index" for entries of a list (the media URLs), each message once.
 */
export function fieldErrorsOf(
  error: z.ZodError,
  options: { entries?: boolean } = {},
): FieldErrorMap {
  const errors: FieldErrorMap = {};
  for (const issue of error.issues) {
    const [field, index] = issue.path;
    const key =
      field === undefined
        ? "non_field_errors"
        : options.entries && typeof index === "number"
          ? `${String(field)}.${index}`
          : String(field);
    errors[key] ??= [];
    if (!errors[key].includes(issue.message)) errors[key].push(issue.message);
  }
  return errors;
}
