import type { ReactNode } from "react";
import { DOOR_FACTS_TITLE, doorQuestions, type DoorQuestion } from "#common/door-fact-texts.ts";
import { AWARENESS_CONTACT_MAX } from "#common/schemas/door-facts.ts";
import { FieldError } from "#app/components/forms/field-error.tsx";
import { describedBy, hintId } from "#app/components/forms/field-message.ts";
import { inputClass, TextField } from "#app/components/forms/text-field.tsx";
import type { FieldRegistration } from "#app/components/forms/use-validated-form.ts";

type FieldProps = { registration: FieldRegistration; error: string | undefined };

export function DoorSelect({
  question,
  notStated,
  registration,
  error,
}: FieldProps & { question: DoorQuestion; notStated: string }) {
  const name = registration.name;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={name} className="font-semibold">
        {question.label}
      </label>
      <select
        id={name}
        {...registration}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(name, Boolean(question.hint), error)}
        className={inputClass}
      >
        <option value="">{notStated}</option>
        {question.options?.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {question.hint ? (
        <p id={hintId(name)} className="text-sm text-muted">
          {question.hint}
        </p>
      ) : null}
      <FieldError name={name} message={error} />
    </div>
  );
}

/**
 * "Einlass & Awareness" in the club form (the defaults, "Nicht angegeben") and the event form
 * (the party's own, "Wie beim Club"); decision 0220. `children` come first: the minimum age.
 */
export function DoorFactsFieldset({
  field,
  notStated,
  hint,
  children,
}: {
  field: (name: string) => FieldProps;
  notStated: string;
  hint: string;
  children: ReactNode;
}) {
  return (
    <fieldset className="flex flex-col gap-4 rounded-2xl border border-line p-4">
      <legend className="px-1 text-lg font-bold">{DOOR_FACTS_TITLE}</legend>
      <p className="text-sm text-muted">{hint}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        {children}
        {doorQuestions.map((question) =>
          question.options ? (
            <DoorSelect
              key={question.field}
              question={question}
              notStated={notStated}
              {...field(question.field)}
            />
          ) : (
            <div key={question.field} className="sm:col-span-2">
              <TextField
                label={question.label}
                hint={question.hint}
                maxLength={AWARENESS_CONTACT_MAX}
                {...field(question.field)}
              />
            </div>
          ),
        )}
      </div>
    </fieldset>
  );
}
