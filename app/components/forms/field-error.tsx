import { errorId } from "./field-message.ts";

/** The message under a field, tied to it by id (aria-describedby). */
export function FieldError({ name, message }: { name: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={errorId(name)} className="text-sm font-semibold text-danger" data-field-error={name}>
      {message}
    </p>
  );
}
