import { clubLabel } from "#common/club-label.ts";
import { FieldError } from "#app/components/forms/field-error.tsx";
import { describedBy, hintId } from "#app/components/forms/field-message.ts";
import { inputClass } from "#app/components/forms/text-field.tsx";

export interface ClubOption {
  id: number;
  name: string;
  city: string;
}

/**
 * The club for the form without JavaScript (the club search replaces it): a text field the
 * browser completes from the clubs (`<datalist>`), so the list is searchable without scripts.
 * The server turns the name back into the club (withClubChosenByName).
 */
export function ClubSelect({
  clubs,
  selected,
  error,
}: {
  clubs: ClubOption[];
  /** The club's id, or the text a refused post sent. */
  selected: number | string | null;
  error: string | undefined;
}) {
  const chosen = clubs.find((club) => club.id === selected);
  const text = chosen ? clubLabel(chosen) : typeof selected === "string" ? selected : "";
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor="location" className="font-semibold">
        Club
      </label>
      <input
        id="location"
        name="location"
        list="club-liste"
        autoComplete="off"
        defaultValue={text}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy("location", true, error)}
        className={inputClass}
      />
      <datalist id="club-liste">
        {clubs.map((club) => (
          <option key={club.id} value={clubLabel(club)} />
        ))}
      </datalist>
      <p id={hintId("location")} className="text-sm text-muted">
        Tipp die ersten Buchstaben und wähle den Club aus der Liste. Nicht dabei? Dann lass das Feld
        leer und trag unten einen neuen Ort ein.
      </p>
      <FieldError name="location" message={error} />
    </div>
  );
}
