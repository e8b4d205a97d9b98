import type { GenreCategory } from "#server/domain/genres/genres.server.ts";
import { FieldError } from "#app/components/forms/field-error.tsx";
import { describedBy } from "#app/components/forms/field-message.ts";

/** Every genre as a checkbox, by category, for the form without JavaScript (the picker replaces it). */
export function GenreCheckboxes({
  categories,
  selected,
  error,
}: {
  categories: GenreCategory[];
  selected: number[];
  error: string | undefined;
}) {
  return (
    <fieldset
      className="flex flex-col gap-3"
      aria-describedby={describedBy("genres", false, error)}
    >
      <legend className="mb-1.5 font-semibold">Genres</legend>
      {categories.map((category) => (
        <fieldset key={category.id} className="flex flex-col gap-2">
          <legend className="mb-1 font-bold">{category.name}</legend>
          <div className="grid grid-cols-1 gap-1 xs:grid-cols-2">
            {category.genres.map((genre) => (
              <label key={genre.id} className="flex min-h-11 items-center gap-3">
                <input
                  type="checkbox"
                  name="genres"
                  value={genre.id}
                  defaultChecked={selected.includes(genre.id)}
                  className="size-5 accent-accent"
                />
                {genre.name}
              </label>
            ))}
          </div>
        </fieldset>
      ))}
      <FieldError name="genres" message={error} />
    </fieldset>
  );
}
