import { partyNightOf } from "#common/dates.ts";
import type { SavedParty } from "#common/schemas/saved-parties.ts";

export interface SavedNight {
  night: string;
  parties: SavedParty[];
}

/**
 * The saved parties by party night (06:00–06:00 in the city, as every listing): tonight's and
 * later nights in order, earlier nights apart as past ones, the latest first (decision 0180).
 */
export function savedPartiesByNight(
  parties: readonly SavedParty[],
  tonight: string,
  timeZone: string,
): { upcoming: SavedNight[]; past: SavedNight[] } {
  const byNight = new Map<string, SavedParty[]>();
  const sorted = [...parties].sort(
    (a, b) => Date.parse(a.start) - Date.parse(b.start) || a.id - b.id,
  );
  for (const party of sorted) {
    const night = partyNightOf(new Date(party.start), timeZone);
    byNight.set(night, [...(byNight.get(night) ?? []), party]);
  }
  const nights = [...byNight].map(([night, list]) => ({ night, parties: list }));
  return {
    upcoming: nights.filter((entry) => entry.night >= tonight),
    past: nights.filter((entry) => entry.night < tonight).reverse(),
  };
}
