import { formatNight, weekendNightsFrom } from "./dates.ts";
import { nightLabel } from "./night-headings.ts";

/** What a listing without parties was asked for. */
export interface EmptyListingQuery {
  dateFrom?: string;
  dateTo?: string;
  /** Genre, club, organiser, top or search is set (not only dates). */
  otherFilters: boolean;
}

/**
 * The honest sentence of an empty listing (decision 0120): "Probier andere Filter" only when a
 * filter besides the dates is set; a chosen night or the weekend is named.
 */
export function emptyListingText(query: EmptyListingQuery, tonight: string): string {
  if (query.otherFilters) return "Für diese Auswahl ist nichts eingetragen. Probier andere Filter.";
  const { dateFrom, dateTo } = query;
  if (!dateFrom && !dateTo) return "Gerade ist nichts eingetragen. Schau bald wieder vorbei.";
  return `${periodName(dateFrom ?? tonight, dateTo, tonight)} ist nichts eingetragen.`;
}

function periodName(from: string, to: string | undefined, tonight: string): string {
  if (to === undefined) return `Ab ${formatNight(from)}`;
  if (to === from) {
    const label = nightLabel(from, tonight);
    return label === "Heute" || label === "Morgen" ? label : `Am ${formatNight(from)}`;
  }
  const weekend = weekendNightsFrom(tonight);
  if (from === weekend[0] && to === weekend.at(-1)) return "Am Wochenende";
  return `Vom ${formatNight(from)} bis ${formatNight(to)}`;
}
