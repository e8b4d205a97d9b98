import { quickLineupEntries, type LineupEntryState } from "#common/schemas/lineup.ts";

/** The line-up's plain-form fields (posted without JavaScript), repeated once per row. */
export const lineupListFields = ["lineup_artist", "lineup_floor", "lineup_start", "lineup_end"];

/** Set by a move button ("up:2", "down:0"): the form comes back reordered, nothing is saved. */
export const LINEUP_MOVE_FIELD = "lineup_move";
/** Marks values that only reorder the line-up; the form actions answer them without saving. */
export const LINEUP_EDIT_ONLY = "lineup_edit_only";

const listOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.map((item) => (typeof item === "string" ? item : "")) : [];

/** Moves entry `index` one up or down; anything else leaves the list as it is. */
export function moveEntry<T>(entries: T[], move: string): T[] {
  const match = /^(up|down):(\d{1,3})$/.exec(move);
  if (!match) return entries;
  const index = Number(match[2]);
  const target = match[1] === "up" ? index - 1 : index + 1;
  if (index >= entries.length || target < 0 || target >= entries.length) return entries;
  const moved = [...entries];
  [moved[index], moved[target]] = [moved[target]!, moved[index]!];
  return moved;
}

/**
 * The line-up of a plain post: the repeated row fields as entries (empty rows dropped), a move
 * applied, the quick entry ("one artist per line" for one floor) appended. A JSON post already
 * carries `lineup` and passes unchanged.
 */
export function lineupValues(values: Record<string, unknown>): Record<string, unknown> {
  if (!(lineupListFields[0]! in values)) return values;
  const {
    lineup_artist,
    lineup_floor,
    lineup_start,
    lineup_end,
    lineup_quick,
    lineup_quick_floor,
    [LINEUP_MOVE_FIELD]: move,
    ...rest
  } = values;
  const artists = listOf(lineup_artist);
  const floors = listOf(lineup_floor);
  const starts = listOf(lineup_start);
  const ends = listOf(lineup_end);
  const moving = typeof move === "string" && move !== "";
  // Moves count the rows as the page showed them, empty ones included.
  const shown: LineupEntryState[] = artists.map((artist, index) => ({
    artist,
    floor: floors[index] ?? "",
    start: starts[index] ?? "",
    end: ends[index] ?? "",
  }));
  const rows = (moving ? moveEntry(shown, move) : shown).filter((row) =>
    [row.artist, row.floor, row.start, row.end].some((field) => field?.trim()),
  );
  const quick = quickLineupEntries(
    typeof lineup_quick === "string" ? lineup_quick : "",
    typeof lineup_quick_floor === "string" ? lineup_quick_floor : "",
  );
  return {
    ...rest,
    lineup: [...rows, ...quick],
    ...(moving ? { [LINEUP_EDIT_ONLY]: true } : {}),
  };
}
