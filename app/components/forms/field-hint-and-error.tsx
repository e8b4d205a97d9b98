import type { ReactNode } from "react";
import { FieldError } from "./field-error.tsx";
import { hintId } from "./field-message.ts";

/** Under a field: its hint, if it has one, and its error, each with the id `describedBy` names. */
export function FieldHintAndError({
  name,
  hint,
  error,
}: {
  name: string;
  hint: ReactNode;
  error: string | undefined;
}) {
  return (
    <>
      {hint ? (
        <p id={hintId(name)} className="text-sm text-muted">
          {hint}
        </p>
      ) : null}
      <FieldError name={name} message={error} />
    </>
  );
}
