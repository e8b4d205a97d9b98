import type { ReactNode } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { TextField } from "./text-field.tsx";

/** The e-mail address of an account form: required, with the phone's e-mail keyboard. */
export function EmailField(props: {
  registration: UseFormRegisterReturn;
  error: string | undefined;
  hint?: ReactNode;
}) {
  return (
    <TextField
      label="E-Mail-Adresse"
      type="email"
      inputMode="email"
      autoComplete="email"
      required
      {...props}
    />
  );
}
