import { useState } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { FieldHintAndError } from "./field-hint-and-error.tsx";
import { describedBy } from "./field-message.ts";
import { inputClass } from "./text-field.tsx";

/** A password input with the show/hide toggle of SPEC §2. */
export function PasswordField({
  label,
  registration,
  error,
  autoComplete,
  hint,
  optional = false,
}: {
  label: string;
  registration: UseFormRegisterReturn;
  error: string | undefined;
  autoComplete: "current-password" | "new-password";
  hint?: string;
  /** Needed only sometimes (its label says when): no required mark. */
  optional?: boolean;
}) {
  const [visible, setVisible] = useState(false);
  const name = registration.name;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={name} className="font-semibold">
        {label}
        {optional ? null : <span aria-hidden="true"> *</span>}
      </label>
      <div className="relative">
        <input
          id={name}
          type={visible ? "text" : "password"}
          autoComplete={autoComplete}
          required={!optional}
          spellCheck={false}
          autoCapitalize="none"
          {...registration}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(name, Boolean(hint), error)}
          className={`${inputClass} pr-28`}
        />
        <button
          type="button"
          onClick={() => setVisible((shown) => !shown)}
          aria-pressed={visible}
          aria-controls={name}
          className="absolute top-1/2 right-1 min-h-11 -translate-y-1/2 rounded-md px-3 text-sm font-semibold text-accent"
        >
          {visible ? "Verbergen" : "Anzeigen"}
          <span className="sr-only"> – Passwort {visible ? "verbergen" : "anzeigen"}</span>
        </button>
      </div>
      <FieldHintAndError name={name} hint={hint} error={error} />
    </div>
  );
}
