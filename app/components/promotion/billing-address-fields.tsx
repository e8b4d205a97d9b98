import { FieldError } from "#app/components/forms/field-error.tsx";
import { describedBy, hintId } from "#app/components/forms/field-message.ts";
import { TextField } from "#app/components/forms/text-field.tsx";
import type { FieldRegistration } from "#app/components/forms/use-validated-form.ts";

type Field = { registration: FieldRegistration; error: string | undefined };

/**
 * The invoice's name and postal address, both optional (business buyers need them), filled in
 * from the account and kept there for the next booking (decision 0211).
 */
export function BillingAddressFields({ name, address }: { name: Field; address: Field }) {
  return (
    <fieldset className="flex flex-col gap-4 rounded-lg border border-line p-4">
      <legend className="px-1 font-semibold">Rechnungsadresse (freiwillig)</legend>
      <p className="text-sm text-muted">
        Für Firmen und Vereine: So steht es auf der Rechnung. Wir merken es uns für Deine nächste
        Buchung.
      </p>
      <TextField label="Name oder Firma" autoComplete="organization" {...name} />
      <div className="flex flex-col gap-1.5">
        <label htmlFor="billing_address" className="font-semibold">
          Anschrift
        </label>
        <textarea
          id="billing_address"
          rows={3}
          autoComplete="street-address"
          {...address.registration}
          aria-invalid={address.error ? true : undefined}
          aria-describedby={describedBy("billing_address", true, address.error)}
          className="w-full rounded-lg border border-line bg-card p-4 text-base"
        />
        <p id={hintId("billing_address")} className="text-sm text-muted">
          Straße und Hausnummer, Postleitzahl und Ort, zum Beispiel „Karl-Liebknecht-Str. 9, 04107
          Leipzig“.
        </p>
        <FieldError name="billing_address" message={address.error} />
      </div>
    </fieldset>
  );
}
