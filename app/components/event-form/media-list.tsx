import { MEDIA_URLS_ADD_WHILE_AT_MOST } from "#common/constants.ts";
import { FieldError } from "#app/components/forms/field-error.tsx";
import { describedBy, hintId } from "#app/components/forms/field-message.ts";
import { inputClass } from "#app/components/forms/text-field.tsx";

export const mediaHint =
  "URLs aus YouTube, Soundcloud oder Spotify hinzufügen für mehr Sichtbarkeit im Kalender.";

/** Rows the form without JavaScript always offers (it cannot add any): at least this many. */
export const PLAIN_MEDIA_ROWS = 3;

/**
 * The links without JavaScript: those given (in their places, so a refusal's field errors stay
 * beside them), then empty rows to fill — two more than given, at least PLAIN_MEDIA_ROWS, never
 * more than the form takes. Empty rows are not saved.
 */
function withEmptyRows(urls: string[]): string[] {
  const given = urls.filter((url) => url !== "").length;
  const rows = Math.min(
    MEDIA_URLS_ADD_WHILE_AT_MOST + 1,
    Math.max(PLAIN_MEDIA_ROWS, given + 2, urls.length),
  );
  return [...urls, ...Array<string>(Math.max(0, rows - urls.length)).fill("")];
}

/**
 * SPEC §2's media field: URL inputs, the hint, "Embed hinzufügen" while the list has 10 or
 * fewer entries; the first entry cannot be removed. Without JavaScript the inputs post as
 * `media` as they are, with empty rows to add links (withEmptyRows), and the buttons that need
 * scripts are left out.
 */
export function MediaList({
  urls,
  onChange,
  entryErrors,
  listError,
  enhanced,
}: {
  urls: string[];
  onChange: (urls: string[]) => void;
  entryErrors: (string | undefined)[];
  listError: string | undefined;
  /** React runs: entries can be added and removed. */
  enhanced: boolean;
}) {
  const shown = enhanced ? (urls.length === 0 ? [""] : urls) : withEmptyRows(urls);
  const update = (index: number, value: string) =>
    onChange(shown.map((url, position) => (position === index ? value : url)));
  return (
    <fieldset
      className="flex flex-col gap-3"
      aria-describedby={describedBy("media", true, listError)}
    >
      <legend className="mb-1.5 font-semibold">Musik und Videos</legend>
      <p id={hintId("media")} className="text-sm text-muted">
        {mediaHint}
      </p>
      {shown.map((url, index) => {
        const name = `media-${index}`;
        const error = entryErrors[index];
        return (
          <div key={index} className="flex flex-col gap-1.5">
            <div className="flex items-center gap-2">
              <label htmlFor={name} className="sr-only">
                Link {index + 1}
              </label>
              <input
                id={name}
                name="media"
                type="url"
                inputMode="url"
                placeholder="https://soundcloud.com/…"
                value={url}
                onChange={(event) => update(index, event.target.value)}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${name}-fehler` : undefined}
                className={inputClass}
              />
              {enhanced && index > 0 ? (
                <button
                  type="button"
                  onClick={() => onChange(shown.filter((_, position) => position !== index))}
                  className="min-h-11 shrink-0 rounded-full border border-line px-4 text-sm font-semibold"
                >
                  Entfernen<span className="sr-only"> (Link {index + 1})</span>
                </button>
              ) : null}
            </div>
            <FieldError name={name} message={error} />
          </div>
        );
      })}
      {enhanced && shown.length <= MEDIA_URLS_ADD_WHILE_AT_MOST ? (
        <button
          type="button"
          onClick={() => onChange([...shown, ""])}
          className="min-h-11 self-start rounded-full border border-accent px-5 font-semibold text-accent"
        >
          Embed hinzufügen
        </button>
      ) : null}
      <FieldError name="media" message={listError} />
    </fieldset>
  );
}
