import { monthWeekLabels, monthWeeks } from "#common/series-rule.ts";
import { FieldError } from "#app/components/forms/field-error.tsx";
import { describedBy, hintId } from "#app/components/forms/field-message.ts";
import { RadioGroupField } from "#app/components/forms/radio-group-field.tsx";
import { inputClass, TextField } from "#app/components/forms/text-field.tsx";
import type { FieldRegistration } from "#app/components/forms/use-validated-form.ts";

type FieldProps = { registration: FieldRegistration; error: string | undefined };

const frequencyOptions = [
  { value: "", label: "Nein, nur einmal" },
  { value: "weekly", label: "Jede Woche" },
  { value: "biweekly", label: "Alle zwei Wochen" },
  { value: "monthly", label: "Einmal im Monat" },
];

const weekOptions = [
  { value: "", label: "–" },
  ...monthWeeks.map((week) => ({ value: week, label: monthWeekLabels[week] })),
];

const scopeOptions = [
  { value: "this", label: "Nur diese Party" },
  { value: "following", label: "Diese und alle folgenden Partys der Serie" },
];

function Select({
  label,
  hint,
  options,
  registration,
  error,
}: FieldProps & { label: string; hint?: string; options: { value: string; label: string }[] }) {
  const name = registration.name;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={name} className="font-semibold">
        {label}
      </label>
      <select
        id={name}
        {...registration}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(name, Boolean(hint), error)}
        className={inputClass}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {hint ? (
        <p id={hintId(name)} className="text-sm text-muted">
          {hint}
        </p>
      ) : null}
      <FieldError name={name} message={error} />
    </div>
  );
}

export interface SeriesBox {
  /** "Jeden Freitag, 23:00 Uhr" */
  description: string;
  state: "active" | "paused" | "ended";
}

/**
 * "Wiederholt sich" (decision 0230): weekly, every two weeks or monthly on the start's n-th
 * weekday, until a day or open-ended. Plain controls, so it works without JavaScript. On a party
 * of a series it asks what a change covers: this party only, or the following ones too.
 */
export function RepeatFieldset({
  field,
  series,
}: {
  field: (name: "repeat" | "repeat_week" | "repeat_until" | "series_scope") => FieldProps;
  series: SeriesBox | null;
}) {
  return (
    <fieldset className="flex flex-col gap-4 rounded-2xl border border-line p-4">
      <legend className="px-1 text-lg font-bold">Wiederholt sich</legend>
      {series ? (
        <p className="text-sm">
          Diese Party gehört zu einer Serie. Ihre Regel änderst Du mit „Diese und alle folgenden“.
        </p>
      ) : (
        <p className="text-sm text-muted">
          Wir legen die Termine der nächsten acht Wochen an. Jeder ist eine eigene Party: Du kannst
          ihn einzeln ändern oder absagen.
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <Select label="Wiederholung" options={frequencyOptions} {...field("repeat")} />
        <Select
          label="Woche im Monat"
          hint="Nur bei „Einmal im Monat“: „Ersten“ heißt jeden ersten Wochentag wie der Beginn, z. B. jeden ersten Freitag."
          options={weekOptions}
          {...field("repeat_week")}
        />
        <TextField
          label="Bis einschließlich"
          type="date"
          lang="de-DE"
          hint="Leer lassen, wenn die Serie kein festes Ende hat."
          {...field("repeat_until")}
        />
      </div>
      {series ? (
        <RadioGroupField
          legend="Änderungen gelten für"
          options={scopeOptions}
          {...field("series_scope")}
        />
      ) : null}
    </fieldset>
  );
}
