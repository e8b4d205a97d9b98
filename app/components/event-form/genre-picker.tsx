import { useRef, useState } from "react";
import type { GenreCategory } from "#server/domain/genres/genres.server.ts";
import { FieldError } from "#app/components/forms/field-error.tsx";
import { describedBy } from "#app/components/forms/field-message.ts";
import { GenreCategoryFieldsets } from "./genre-category-fieldsets.tsx";

/**
 * Genres: the main genres as chips, plus SPEC §2's "Weitere Genres" overlay with every genre
 * grouped by category, checkboxes and an OK button.
 */
export function GenrePicker({
  categories,
  selected,
  onChange,
  error,
}: {
  categories: GenreCategory[];
  selected: number[];
  onChange: (genreIds: number[]) => void;
  error: string | undefined;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [draft, setDraft] = useState<number[]>(selected);
  const all = categories.flatMap((category) => category.genres);
  const chips = all.filter((genre) => genre.isMain || selected.includes(genre.id));
  const toggle = (list: number[], id: number) =>
    list.includes(id) ? list.filter((entry) => entry !== id) : [...list, id];

  return (
    <fieldset
      className="flex flex-col gap-3"
      aria-describedby={describedBy("genres", false, error)}
    >
      <legend className="mb-1.5 font-semibold">Genres</legend>
      <div className="flex flex-wrap gap-2">
        {chips.map((genre) => {
          const on = selected.includes(genre.id);
          return (
            <button
              key={genre.id}
              type="button"
              aria-pressed={on}
              onClick={() => onChange(toggle(selected, genre.id))}
              className={`min-h-11 rounded-full border px-4 font-semibold ${
                on ? "border-accent bg-accent text-accent-ink" : "border-line bg-card"
              }`}
            >
              {genre.name}
            </button>
          );
        })}
        <button
          type="button"
          onClick={() => {
            setDraft(selected);
            dialog.current?.showModal();
          }}
          className="min-h-11 rounded-full border border-dashed border-accent px-4 font-semibold text-accent"
        >
          Weitere Genres
        </button>
      </div>
      <FieldError name="genres" message={error} />
      <dialog
        ref={dialog}
        aria-labelledby="weitere-genres-titel"
        className="m-auto max-h-[85dvh] w-[min(40rem,92vw)] rounded-2xl border border-line bg-paper p-0 text-ink backdrop:bg-black/60"
      >
        <div className="flex max-h-[85dvh] flex-col">
          <h2 id="weitere-genres-titel" className="border-b border-line p-5 text-xl font-bold">
            Weitere Genres
          </h2>
          <div className="flex flex-col gap-5 overflow-y-auto p-5">
            <GenreCategoryFieldsets
              categories={categories}
              checkbox={(genreId) => ({
                checked: draft.includes(genreId),
                onChange: () => setDraft((current) => toggle(current, genreId)),
              })}
            />
          </div>
          <div className="flex justify-end gap-3 border-t border-line p-4">
            <button
              type="button"
              onClick={() => dialog.current?.close()}
              className="min-h-11 rounded-full border border-line px-5 font-semibold"
            >
              Abbrechen
            </button>
            <button
              type="button"
              onClick={() => {
                onChange(draft);
                dialog.current?.close();
              }}
              className="min-h-11 rounded-full bg-accent px-6 font-bold text-accent-ink"
            >
              OK
            </button>
          </div>
        </div>
      </dialog>
    </fieldset>
  );
}
