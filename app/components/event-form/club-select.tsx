import { FieldError } from "#app/components/forms/field-error.tsx";
import { describedBy } from "#app/components/forms/field-message.ts";
import { inputClass } from "#app/components/forms/text-field.tsx";

export interface ClubOption {
  id: number;
  name: string;
  city: string;
}

/** The club as a plain list, for the form without JavaScript (the club search replaces it). */
export function ClubSelect({
  clubs,
  selected,
  error,
}: {
  clubs: ClubOption[];
  selected: number | null;
  error: string | undefined;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor="location" className="font-semibold">
        Club
      </label>
      <select
        id="location"
        name="location"
        defaultValue={selected === null ? "" : String(selected)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy("location", false, error)}
        className={inputClass}
      >
        <option value="">Kein Club aus der Liste (neuen Ort unten eintragen)</option>
        {clubs.map((club) => (
          <option key={club.id} value={club.id}>
            {club.city ? `${club.name} (${club.city})` : club.name}
          </option>
        ))}
      </select>
      <FieldError name="location" message={error} />
    </div>
  );
}
