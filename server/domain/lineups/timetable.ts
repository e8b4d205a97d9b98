import type { LineupEntry } from "./lineup-store.server.ts";

/** A line-up as the party page shows it: per floor, the current and the following set marked. */

export type SetState = "now" | "next" | null;

export interface TimetableSet extends LineupEntry {
  state: SetState;
}

export interface TimetableFloor {
  /** "" when the organiser named no floor. */
  name: string;
  sets: TimetableSet[];
}

export interface PartyTimes {
  startsAt: Date;
  endsAt: Date | null;
}

/** Without an end, a party counts as running this long for the marks. */
const OPEN_END_MS = 24 * 3_600_000;

/**
 * Floors in the order of their first set. While the party runs, on each floor the set running at
 * `now` is "now" (a set without an end runs until the floor's next set starts, or the party ends)
 * and the first set starting after `now` is "next"; sets without times are never marked.
 */
export function timetableOf(
  entries: LineupEntry[],
  now: Date,
  party: PartyTimes,
): TimetableFloor[] {
  const partyEnd = party.endsAt ?? new Date(party.startsAt.getTime() + OPEN_END_MS);
  const running = party.startsAt <= now && now < partyEnd;
  const floors = new Map<string, LineupEntry[]>();
  for (const entry of entries) {
    const key = entry.floor.trim().toLocaleLowerCase("de-DE");
    floors.set(key, [...(floors.get(key) ?? []), entry]);
  }
  return [...floors.values()].map((sets) => {
    const timed = sets
      .filter((set) => set.startsAt !== null)
      .sort((a, b) => a.startsAt!.getTime() - b.startsAt!.getTime());
    const endOf = (set: LineupEntry) => {
      if (set.endsAt) return set.endsAt;
      const following = timed.find((other) => other.startsAt! > set.startsAt!);
      return following?.startsAt ?? partyEnd;
    };
    if (!running)
      return { name: sets[0]!.floor, sets: sets.map((set) => ({ ...set, state: null })) };
    const current = timed.find(
      (set) => set.startsAt! <= now && (endOf(set) === null || now < endOf(set)!),
    );
    const next = timed.find((set) => set.startsAt! > now);
    return {
      name: sets[0]!.floor,
      sets: sets.map((set) => ({
        ...set,
        state: set === current ? "now" : set === next ? "next" : null,
      })),
    };
  });
}

/** The set running now on any floor, and the one after it: for "Jetzt" on home. */
export function currentSetOf(
  entries: LineupEntry[],
  now: Date,
  party: PartyTimes,
): { now: TimetableSet | null; next: TimetableSet | null } {
  const sets = timetableOf(entries, now, party).flatMap((floor) => floor.sets);
  return {
    now: sets.find((set) => set.state === "now") ?? null,
    next: sets.find((set) => set.state === "next") ?? null,
  };
}
