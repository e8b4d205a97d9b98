import { useRef } from "react";
import { Form } from "react-router";
import { DOOR_FACTS_TITLE, doorFilters, type DoorFilterName } from "#common/door-fact-texts.ts";

export interface FilterOptions {
  genres: { id: number; name: string }[];
  clubs: { id: number; name: string }[];
  organizers: { id: number; name: string }[];
}

export interface SelectedFilters extends Partial<Record<DoorFilterName, boolean>> {
  genre?: number[];
  location?: number;
  organizer?: number;
  date_from?: string;
  date_to?: string;
  top?: boolean;
}

const field = "min-h-11 w-full rounded-xl border border-line bg-card px-3 text-base";
const chip =
  "inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full border border-line px-3 has-[:checked]:border-accent has-[:checked]:bg-accent has-[:checked]:text-accent-ink";

/** A row of checkboxes drawn as chips, under a legend. */
function CheckboxChips({
  legend,
  boxes,
}: {
  legend: string;
  boxes: { name: string; value: string; label: string; checked: boolean | undefined }[];
}) {
  return (
    <fieldset className="sm:col-span-2 lg:col-span-4">
      <legend className="mb-2 text-sm font-semibold">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {boxes.map((box) => (
          <label key={`${box.name}=${box.value}`} className={chip}>
            <input
              type="checkbox"
              name={box.name}
              value={box.value}
              defaultChecked={box.checked}
              className="size-4 accent-current"
            />
            {box.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** One of a list (a club, an organiser), or all of them. */
function ChoiceSelect({
  label,
  name,
  allLabel,
  choices,
  chosen,
}: {
  label: string;
  name: string;
  allLabel: string;
  choices: { id: number; name: string }[];
  chosen: number | undefined;
}) {
  return (
    <label className="flex flex-col gap-1 text-sm font-semibold">
      {label}
      <select name={name} defaultValue={chosen ?? ""} className={field}>
        <option value="">{allLabel}</option>
        {choices.map((choice) => (
          <option key={choice.id} value={choice.id}>
            {choice.name}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * Filters of the party listing as a plain GET form (works without JavaScript): genres, door
 * facts ("ab 16", "mit Awareness-Team", …), club, organiser, nights from–to, top events only. The names are GET /api/dates/'s query string.
 * The panel starts closed — the active filters show as chips above the results
 * (`ActiveFilters`) — and "Partys zeigen" closes it and leads to the results (`resultsId`), so a
 * phone shows the parties, not the 25 genres it just chose from (issue 26).
 */
export function EventListFilters({
  options,
  selected,
  action = "/",
  resultsId,
}: {
  options: FilterOptions;
  selected: SelectedFilters;
  action?: string;
  resultsId: string;
}) {
  const panel = useRef<HTMLDetailsElement>(null);
  const active =
    (selected.genre?.length ?? 0) > 0 ||
    selected.location !== undefined ||
    selected.organizer !== undefined ||
    selected.top === true ||
    doorFilters.some((filter) => selected[filter.name] === true);
  return (
    <details ref={panel} className="rounded-2xl border border-line bg-card">
      <summary className="flex min-h-11 cursor-pointer items-center px-4 font-semibold">
        Filter{active ? " (aktiv)" : ""}
      </summary>
      <Form
        method="get"
        action={`${action}#${resultsId}`}
        onSubmit={() => {
          if (panel.current) panel.current.open = false;
        }}
        className="grid gap-4 p-4 pt-0 sm:grid-cols-2 lg:grid-cols-4"
      >
        <CheckboxChips
          legend="Genres"
          boxes={options.genres.map((genre) => ({
            name: "genre",
            value: String(genre.id),
            label: genre.name,
            checked: selected.genre?.includes(genre.id),
          }))}
        />
        <CheckboxChips
          legend={DOOR_FACTS_TITLE}
          boxes={doorFilters.map((filter) => ({
            name: filter.name,
            value: "1",
            label: filter.label,
            checked: selected[filter.name],
          }))}
        />
        <ChoiceSelect
          label="Club"
          name="location"
          allLabel="Alle Clubs"
          choices={options.clubs}
          chosen={selected.location}
        />
        <ChoiceSelect
          label="Veranstalter"
          name="organizer"
          allLabel="Alle Veranstalter"
          choices={options.organizers}
          chosen={selected.organizer}
        />
        <label className="flex flex-col gap-1 text-sm font-semibold">
          Von
          <input type="date" name="date_from" defaultValue={selected.date_from} className={field} />
        </label>
        <label className="flex flex-col gap-1 text-sm font-semibold">
          Bis
          <input type="date" name="date_to" defaultValue={selected.date_to} className={field} />
        </label>
        <label className="inline-flex min-h-11 items-center gap-2 font-semibold">
          <input
            type="checkbox"
            name="top"
            value="1"
            defaultChecked={selected.top}
            className="size-5"
          />
          Nur Top-Events
        </label>
        <div className="flex flex-wrap items-center gap-3 sm:col-span-2 lg:col-span-3 lg:justify-end">
          <a
            href={action}
            className="inline-flex min-h-11 items-center px-2 underline underline-offset-4"
          >
            Zurücksetzen
          </a>
          <button
            type="submit"
            className="inline-flex min-h-11 items-center rounded-full bg-accent px-6 font-semibold text-accent-ink"
          >
            Partys zeigen
          </button>
        </div>
      </Form>
    </details>
  );
}
