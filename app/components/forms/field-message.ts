import type { FieldError, FieldErrors, FieldValues } from "react-hook-form";

/** The message to show under a field: the browser's check, else the server's first one. */
export function messageOf<Values extends FieldValues>(
  errors: FieldErrors<Values>,
  name: string,
): string | undefined {
  const error = errors[name] as (FieldError & { root?: FieldError }) | undefined;
  return error?.message ?? error?.root?.message;
}

export const errorId = (name: string) => `${name}-fehler`;
export const hintId = (name: string) => `${name}-hinweis`;

/** The ids an input is described by: its hint and its error, when shown. */
export function describedBy(name: string, hint: boolean, error: string | undefined) {
  const ids = [hint ? hintId(name) : null, error ? errorId(name) : null].filter(Boolean);
  return ids.length > 0 ? ids.join(" ") : undefined;
}
