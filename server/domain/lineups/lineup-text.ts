import { formatTime } from "#common/dates.ts";
import type { LineupEntry } from "./lineup-store.server.ts";

/** A set's times as "23:00–01:00", "ab 02:00" or "" (no times given). */
export function setTimesLabel(
  entry: Pick<LineupEntry, "startsAt" | "endsAt">,
  timeZone: string,
): string {
  if (!entry.startsAt) return "";
  const start = formatTime(entry.startsAt, timeZone);
  return entry.endsAt ? `${start}–${formatTime(entry.endsAt, timeZone)}` : `ab ${start}`;
}

/**
 * The line-up as plain text for calendar descriptions and mails: "Line-up", then per floor its
 * name and one line per set ("23:00–01:00 Nachteule").
 */
export function lineupText(entries: LineupEntry[], timeZone: string): string {
  if (entries.length === 0) return "";
  const floors = new Map<string, LineupEntry[]>();
  for (const entry of entries) {
    const key = entry.floor.trim().toLocaleLowerCase("de-DE");
    floors.set(key, [...(floors.get(key) ?? []), entry]);
  }
  const blocks = [...floors.values()].map((sets) => {
    const lines = sets.map((set) =>
      [setTimesLabel(set, timeZone), set.artist.name].filter(Boolean).join(" "),
    );
    return sets[0]!.floor ? [`${sets[0]!.floor}:`, ...lines].join("\n") : lines.join("\n");
  });
  return ["Line-up", ...blocks].join("\n\n");
}
