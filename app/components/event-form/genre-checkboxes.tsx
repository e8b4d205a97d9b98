import type { GenreCategory } from "#server/domain/genres/genres.server.ts";
import { FieldError } from "#app/components/forms/field-error.tsx";
import { describedBy } from "#app/components/forms/field-message.ts";
import { GenreCategoryFieldsets } from "./genre-category-fieldsets.tsx";

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
      <GenreCategoryFieldsets
        categories={categories}
        checkbox={(genreId) => ({
          name: "genres",
          value: genreId,
          defaultChecked: selected.includes(genreId),
        })}
      />
      <FieldError name="genres" message={error} />
    </fieldset>
  );
}
