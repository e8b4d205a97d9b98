import { useEffect, useRef } from "react";
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
import { defaultProps, typedValueOf, type FormControl } from "./typed-before-hydration.ts";
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
  /** react-hook-form's `register`, with the default value and keeping what was typed early. */
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
  const { setError, setValue } = form;
  // What visitors typed before hydration, by field; only read while React hydrates the form.
  const typedEarly = useRef<Map<string, unknown> | null>(new Map());
  useEffect(() => {
    typedEarly.current = null;
  }, []);

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
   * The server's HTML carries each value as the control's default; when React hydrates, react-hook-form writes
   * its default values into the controls, so a value the visitor typed on a slow phone before
   * that (the control differs from its default) is read first and given back to the control
   * and to the form's state.
   */
  const register = (name: Path<Values>, options?: RegisterOptions<Values>): FieldRegistration => {
    const registration = form.register(name, options);
    return {
      ...registration,
      // The form's current value, not the first default: React writes `defaultValue` again on
      // every render, and a hidden input's value is its default (an uploaded image's path).
      ...defaultProps(form.getValues(name)),
      ref: (element: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement | null) => {
        const typed = typedEarly.current;
        if (typed && element && !typed.has(name)) {
          const value = typedValueOf(element as FormControl);
          if (value !== undefined) typed.set(name, value);
        }
        registration.ref(element);
        if (typed?.has(name)) {
          setValue(name, typed.get(name) as Values[typeof name], { shouldDirty: true });
        }
      },
    };
  };
  const field = (name: Path<Values>) => ({
    registration: register(name),
    error: errorOf(name),
  });
  return { ...form, register, onSubmit, field, errorOf };
}
