import { Link } from "react-router";
import { formatNight } from "#common/dates.ts";
import { doorFilters } from "#common/door-fact-texts.ts";
import { withoutFilter } from "#app/lib/filter-query.ts";
import type { FilterOptions, SelectedFilters } from "./event-list-filters.tsx";

interface Chip {
  label: string;
  /** The listing's query without this filter. */
  query: string;
}

/** The chosen nights as one chip: "Fr., 20.11. – So., 22.11.", "ab …", "bis …". */
function datesLabel(from: string | undefined, to: string | undefined): string | null {
  if (from && to)
    return from === to ? formatNight(from) : `${formatNight(from)} – ${formatNight(to)}`;
  if (from) return `ab ${formatNight(from)}`;
  if (to) return `bis ${formatNight(to)}`;
  return null;
}

function chipsOf(options: FilterOptions, selected: SelectedFilters, query: string): Chip[] {
  const nameOf = (list: { id: number; name: string }[], id: number, fallback: string) =>
    list.find((entry) => entry.id === id)?.name ?? fallback;
  const chips: Chip[] = (selected.genre ?? []).map((id) => ({
    label: nameOf(options.genres, id, "Genre"),
    query: withoutFilter(query, "genre", String(id)),
  }));
  if (selected.location !== undefined) {
    chips.push({
      label: nameOf(options.clubs, selected.location, "Club"),
      query: withoutFilter(query, "location"),
    });
  }
  if (selected.organizer !== undefined) {
    chips.push({
      label: nameOf(options.organizers, selected.organizer, "Veranstalter"),
      query: withoutFilter(query, "organizer"),
    });
  }
  const dates = datesLabel(selected.date_from, selected.date_to);
  if (dates) {
    chips.push({
      label: dates,
      query: withoutFilter(withoutFilter(query, "date_from"), "date_to"),
    });
  }
  if (selected.top) chips.push({ label: "Nur Top-Events", query: withoutFilter(query, "top") });
  for (const filter of doorFilters) {
    if (selected[filter.name]) {
      chips.push({ label: filter.label, query: withoutFilter(query, filter.name) });
    }
  }
  return chips;
}

/**
 * The listing's active filters above its results, each a chip whose tap removes it (issue 26):
 * the filter panel can stay closed and still say what the list shows. Plain links, so they work
 * without JavaScript; they lead back to the results (`resultsId`).
 */
export function ActiveFilters({
  options,
  selected,
  filterQuery,
  action = "/",
  resultsId,
}: {
  options: FilterOptions;
  selected: SelectedFilters;
  /** The listing's filters as a query string (no page). */
  filterQuery: string;
  action?: string;
  resultsId: string;
}) {
  const chips = chipsOf(options, selected, filterQuery);
  if (chips.length === 0) return null;
  return (
    <ul aria-label="Aktive Filter" className="flex flex-wrap gap-2">
      {chips.map((chip) => (
        <li key={`${chip.label}|${chip.query}`}>
          <Link
            to={`${action}${chip.query ? `?${chip.query}` : ""}#${resultsId}`}
            className="inline-flex min-h-11 items-center gap-2 rounded-full border border-accent bg-accent px-4 font-semibold text-accent-ink hover:opacity-90"
          >
            {chip.label}
            <span aria-hidden="true" className="text-lg leading-none">
              ×
            </span>
            <span className="sr-only"> (Filter entfernen)</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
