import type { ReactNode } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { FieldError } from "./field-error.tsx";
import { describedBy } from "./field-message.ts";

/** A checkbox with its label beside it and its error below. */
export function CheckboxField({
  label,
  registration,
  error,
}: {
  label: ReactNode;
  registration: UseFormRegisterReturn;
  error: string | undefined;
}) {
  const name = registration.name;
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-start gap-3">
        <input
          id={name}
          type="checkbox"
          {...registration}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(name, false, error)}
          className="mt-1 size-5 shrink-0 accent-accent"
        />
        <label htmlFor={name}>{label}</label>
      </div>
      <FieldError name={name} message={error} />
    </div>
  );
}
