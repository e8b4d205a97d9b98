import type { z } from "zod";
import { fieldErrorsOf } from "#common/schemas/field-errors.ts";
import { ValidationError } from "./errors.ts";

/** Parses input with a shared schema; failures become ValidationError `{field: [message]}`. */
export function parseInput<T extends z.ZodType>(
  schema: T,
  input: unknown,
  options: { entries?: boolean } = {},
): z.output<T> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw new ValidationError(fieldErrorsOf(parsed.error, options));
  return parsed.data;
}
