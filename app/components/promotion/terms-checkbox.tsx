import type { UseFormRegisterReturn } from "react-hook-form";
import { bookingTermsPath } from "#common/urls.ts";
import { CheckboxField } from "#app/components/forms/checkbox-field.tsx";

/** The booking terms, accepted before payment (their version is stored with the order). */
export function TermsCheckbox(props: {
  registration: UseFormRegisterReturn;
  error: string | undefined;
}) {
  return (
    <CheckboxField
      {...props}
      label={
        <>
          Ich akzeptiere die{" "}
          <a
            href={bookingTermsPath}
            target="_blank"
            className="font-semibold text-accent underline"
          >
            AGB für Buchungen
          </a>
          .
        </>
      }
    />
  );
}
