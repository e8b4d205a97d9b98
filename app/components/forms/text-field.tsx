import type { InputHTMLAttributes, ReactNode } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { FieldHintAndError } from "./field-hint-and-error.tsx";
import { describedBy } from "./field-message.ts";

export const inputClass =
  "min-h-12 w-full rounded-lg border border-line bg-card px-4 text-base text-ink placeholder:text-muted " +
  "aria-[invalid=true]:border-danger focus-visible:outline-accent";

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "name"> {
  label: string;
  registration: UseFormRegisterReturn;
  error: string | undefined;
  hint?: ReactNode;
  /** Shown inside the field before the value, e.g. "@". */
  prefix?: string;
}

/** The value without the prefix the field already shows before it ("@handle" → "handle"). */
export function withoutPrefix(value: string, prefix: string): string {
  return value.startsWith(prefix) ? value.slice(prefix.length) : value;
}

/**
 * A labelled input with its hint and error message, one column, large touch target. Its id is
 * the field's name unless `id` is given (a form repeated on one page, e.g. one per list entry).
 */
export function TextField({
  label,
  registration,
  error,
  hint,
  prefix,
  id,
  ...input
}: TextFieldProps) {
  const name = id ?? registration.name;
  const field = (
    <input
      id={name}
      {...input}
      {...registration}
      onChange={(event) => {
        // "@handle" typed after the shown "@" would read "@ @handle" (issue 13).
        if (prefix) event.target.value = withoutPrefix(event.target.value, prefix);
        return registration.onChange(event);
      }}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy(name, Boolean(hint), error)}
      className={prefix ? `${inputClass} pl-9` : inputClass}
    />
  );
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={name} className="font-semibold">
        {label}
        {input.required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {prefix ? (
        <div className="relative">
          <span
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-4 -translate-y-1/2 text-muted"
          >
            {prefix}
          </span>
          {field}
        </div>
      ) : (
        field
      )}
      <FieldHintAndError name={name} hint={hint} error={error} />
    </div>
  );
}
