import type { InputHTMLAttributes } from "react";
import type { GenreCategory } from "#server/domain/genres/genres.server.ts";

/**
 * Every genre as a checkbox, in one fieldset per category. `checkbox` gives each box what makes
 * it work: a name and value for a plain form post, or a controlled state in the picker's dialog.
 */
export function GenreCategoryFieldsets({
  categories,
  checkbox,
}: {
  categories: GenreCategory[];
  checkbox: (genreId: number) => InputHTMLAttributes<HTMLInputElement>;
}) {
  return categories.map((category) => (
    <fieldset key={category.id} className="flex flex-col gap-2">
      <legend className="mb-1 font-bold">{category.name}</legend>
      <div className="grid grid-cols-1 gap-1 xs:grid-cols-2">
        {category.genres.map((genre) => (
          <label key={genre.id} className="flex min-h-11 items-center gap-3">
            <input type="checkbox" {...checkbox(genre.id)} className="size-5 accent-accent" />
            {genre.name}
          </label>
        ))}
      </div>
    </fieldset>
  ));
}
