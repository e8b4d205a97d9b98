import { useEffect } from "react";
import {
  useForm,
  type DefaultValues,
  type FieldValues,
  type Path,
  type RegisterOptions,
  type UseFormRegisterReturn,
  type UseFormReturn,
} from "react-hook-form";
import { useSubmit } from "react-router";
import type { z } from "#common/schemas/german-errors.ts";
import type { FormResult } from "#app/lib/form-result.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { messageOf } from "./field-message.ts";
import { zodResolver } from "./zod-resolver.ts";

/** Brings the first field with an error into view and focus (SPEC §5). */
export function scrollToFirstError() {
  requestAnimationFrame(() => {
    const first = document.querySelector<HTMLElement>('[aria-invalid="true"], [data-field-error]');
    if (!first) return;
    first.scrollIntoView({ block: "center", behavior: "smooth" });
    if (first.matches("input, select, textarea, button")) first.focus({ preventScroll: true });
  });
}

/** The props that show a value as a control's default, in the server's HTML too. */
function defaultProps(value: unknown): { defaultValue?: string; defaultChecked?: boolean } {
  if (typeof value === "boolean") return { defaultChecked: value };
  if (typeof value === "string" || typeof value === "number")
    return { defaultValue: String(value) };
  return {};
}

/**
 * A field's registration: react-hook-form's, plus its default value for the server's HTML
 * (`defaultValue` for text, `defaultChecked` for a checkbox; a radio group compares it to each
 * button's value), so the form shows its values without JavaScript.
 */
export type FieldRegistration = UseFormRegisterReturn & {
  defaultValue?: string;
  defaultChecked?: boolean;
};

/**
 * A form that validates after every change with the shared zod schema, shows the server's
 * field errors under their fields, and on submit either scrolls to the first error or posts
 * the form to the route's action (the browser's own post when scripts are off).
 */
export function useValidatedForm<Values extends FieldValues>({
  schema,
  defaultValues,
  result,
}: {
  schema: z.ZodType;
  defaultValues: DefaultValues<Values>;
  result: FormResult | undefined;
}): Omit<UseFormReturn<Values>, "register"> & {
  /** react-hook-form's `register`, with the field's value as the control's default. */
  register: (name: Path<Values>, options?: RegisterOptions<Values>) => FieldRegistration;
  onSubmit: (event: React.FormEvent<HTMLFormElement>) => void;
  /** A field's props for TextField and friends: its registration and its message. */
  field: (name: Path<Values>) => { registration: FieldRegistration; error: string | undefined };
  /** A field's message: the browser's check, or (in the server's HTML) the server's answer. */
  errorOf: (name: string) => string | undefined;
} {
  const form = useForm<Values>({
    resolver: zodResolver<Values>(schema),
    defaultValues,
    mode: "onChange",
    shouldFocusError: false,
  });
  const submit = useSubmit();
  const hydrated = useHydrated();
  const { setError } = form;

  useEffect(() => {
    if (!result) return;
    const entries = Object.entries(result.fieldErrors);
    for (const [field, messages] of entries) {
      setError(field as Path<Values>, { type: "server", message: messages[0] });
    }
    if (entries.length > 0) scrollToFirstError();
  }, [result, setError]);

  const onSubmit = form.handleSubmit(
    (_values, event) => {
      void submit(event?.target as HTMLFormElement, { method: "post" });
    },
    () => scrollToFirstError(),
  );
  // Until React runs (and without JavaScript) the server's field errors show from its answer.
  const errorOf = (name: string) =>
    messageOf(form.formState.errors, name) ??
    (hydrated ? undefined : result?.fieldErrors[name]?.[0]);
  /**
   * react-hook-form's registration plus the field's value as the control's default, so the
   * server's HTML shows it. On hydration react-hook-form keeps a value the visitor typed before
   * (a control that differs from its default) instead of writing its default into it.
   */
  const register = (name: Path<Values>, options?: RegisterOptions<Values>): FieldRegistration => ({
    ...form.register(name, options),
    // The form's current value, not the first default: React writes `defaultValue` again on
    // every render, and a hidden input's value is its default (an uploaded image's path).
    ...defaultProps(form.getValues(name)),
  });
  const field = (name: Path<Values>) => ({
    registration: register(name),
    error: errorOf(name),
  });
  return { ...form, register, onSubmit, field, errorOf };
}
