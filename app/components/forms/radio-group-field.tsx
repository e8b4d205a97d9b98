import { FieldError } from "./field-error.tsx";
import { describedBy } from "./field-message.ts";
import type { FieldRegistration } from "./use-validated-form.ts";

/** A group of radio buttons under a legend, with its error below (SPEC §2's duration radio). */
export function RadioGroupField({
  legend,
  options,
  registration,
  error,
}: {
  legend: string;
  options: readonly { value: string; label: string }[];
  registration: FieldRegistration;
  error: string | undefined;
}) {
  const { defaultValue, ...radio } = registration;
  const name = radio.name;
  return (
    <fieldset
      className="flex flex-col gap-2"
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy(name, false, error)}
    >
      <legend className="mb-1 font-semibold">{legend}</legend>
      {options.map((option) => (
        <label
          key={option.value}
          className="flex min-h-12 cursor-pointer items-center gap-3 rounded-lg border border-line bg-card px-4 has-[:checked]:border-accent"
        >
          <input
            type="radio"
            value={option.value}
            {...radio}
            defaultChecked={option.value === defaultValue}
            className="size-5 shrink-0 accent-accent"
          />
          <span>{option.label}</span>
        </label>
      ))}
      <FieldError name={name} message={error} />
    </fieldset>
  );
}
