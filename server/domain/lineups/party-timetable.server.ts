import { artistPath } from "#common/urls.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { lineupOf, type LineupEntry } from "./lineup-store.server.ts";
import { setTimesLabel } from "./lineup-text.ts";
import { timetableOf, type PartyTimes, type SetState } from "./timetable.ts";

/** A party's timetable as pages show it: floors, sets with their times as text, the marks. */
export interface TimetableView {
  floors: {
    name: string;
    sets: {
      /** The set's id and times (ISO instants), for the Nachtplan. */
      id: number;
      start: string | null;
      end: string | null;
      artist: string;
      path: string;
      times: string;
      state: SetState;
    }[];
  }[];
}

export function timetableView(
  deps: DomainDeps,
  lineup: LineupEntry[],
  party: PartyTimes,
): TimetableView {
  const timeZone = deps.config.city.timeZone;
  return {
    floors: timetableOf(lineup, deps.now(), party).map((floor) => ({
      name: floor.name,
      sets: floor.sets.map((set) => ({
        id: set.id,
        start: set.startsAt?.toISOString() ?? null,
        end: set.endsAt?.toISOString() ?? null,
        artist: set.artist.name,
        path: artistPath(set.artist),
        times: setTimesLabel(set, timeZone),
        state: set.state,
      })),
    })),
  };
}

/** A party's line-up with its timetable by the clock (the page reads both). */
export async function partyTimetable(
  deps: DomainDeps,
  party: PartyTimes & { id: number },
): Promise<{ lineup: LineupEntry[]; timetable: TimetableView }> {
  const lineup = await lineupOf(deps, party.id);
  return { lineup, timetable: timetableView(deps, lineup, party) };
}
