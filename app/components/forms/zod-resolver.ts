import type { FieldErrors, FieldValues, Resolver } from "react-hook-form";
import type { z } from "#common/schemas/german-errors.ts";

/**
 * react-hook-form's resolver for our zod schemas (@hookform/resolvers cannot be installed here,
 * decision 0001). Errors land where the fields are: `errors.title`, `errors.media[2]`; a list's
 * own error (too many entries) on `errors.media.root`.
 */
export function zodResolver<Values extends FieldValues>(schema: z.ZodType): Resolver<Values> {
  return async (values) => {
    const result = await schema.safeParseAsync(values);
    if (result.success) return { values, errors: {} };
    return { values: {}, errors: toFieldErrors<Values>(result.error) };
  };
}

function toFieldErrors<Values extends FieldValues>(error: z.ZodError): FieldErrors<Values> {
  const errors: Record<string, unknown> = {};
  for (const issue of error.issues) {
    const [field, index] = issue.path;
    const name = field === undefined ? "root" : String(field);
    const entry = { type: issue.code, message: issue.message };
    if (typeof index === "number") {
      const list = (errors[name] ??= []) as Record<number, unknown> & { root?: unknown };
      if (Array.isArray(list)) list[index] ??= entry;
    } else if (errors[name] === undefined) {
      errors[name] = entry;
    } else if (Array.isArray(errors[name])) {
      (errors[name] as { root?: unknown }).root ??= entry;
    }
  }
  return errors as FieldErrors<Values>;
}
