import { and, asc, eq, gt, isNull, lte, or, sql } from "drizzle-orm";
import { toWallClock } from "#common/dates.ts";
import { events } from "#server/db/schema/events.ts";
import { cachedUntilContentChanges } from "#server/domain/content-version/content-version.server.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import type { EventSummary } from "#server/domain/event-query/event-model.ts";
import { summariesByIds } from "#server/domain/event-query/event-query-kit.server.ts";
import { liveDoorWordsOf, type DoorWord } from "#server/domain/door-words/door-words.server.ts";
import { lineupsOf } from "#server/domain/lineups/lineup-store.server.ts";
import { setTimesLabel } from "#server/domain/lineups/lineup-text.ts";
import { currentSetOf } from "#server/domain/lineups/timetable.ts";

/** "Jetzt" on home shows from 22:00 to 08:00 city time (decision 0142). */
export const RUNNING_NOW_FROM_HOUR = 22;
export const RUNNING_NOW_UNTIL_HOUR = 8;
/** A party without an end counts as running this long after its start. */
const OPEN_END_HOURS = 8;
const RUNNING_NOW_LIMIT = 24;

export interface RunningParty {
  event: EventSummary;
  /** The set playing now, where the party has a line-up with times. */
  currentSet: { artist: string; floor: string; times: string } | null;
  /** The latest word from the door tonight (decision 0221), or null. */
  doorWord: DoorWord | null;
}

/** True in the hours "Jetzt" is shown. */
export function isRunningNowTime(deps: DomainDeps): boolean {
  const hour = toWallClock(deps.now(), deps.config.city.timeZone).hour;
  return hour >= RUNNING_NOW_FROM_HOUR || hour < RUNNING_NOW_UNTIL_HOUR;
}

/**
 * The parties running in the minute that holds `minute`, soonest end first. Asked once a minute
 * and content version (`runningNow`): the query reads every party that started before it, so on
 * a full calendar it was most of a cold home page's database time (docs/benchmarks.md).
 */
function runningPartyIds(deps: DomainDeps, minute: Date): Promise<number[]> {
  return cachedUntilContentChanges(deps, `running-now ${minute.toISOString()}`, () =>
    idsRunningAt(deps, minute),
  );
}

async function idsRunningAt(deps: DomainDeps, now: Date): Promise<number[]> {
  const assumedEnd = sql`coalesce(${events.endsAt}, ${events.startsAt} + make_interval(hours => ${OPEN_END_HOURS}))`;
  const rows = await deps.db
    .select({ id: events.id })
    .from(events)
    .where(
      and(
        eq(events.status, "published"),
        eq(events.isOnline, false),
        lte(events.startsAt, now),
        or(
          gt(events.endsAt, now),
          and(
            isNull(events.endsAt),
            gt(events.startsAt, new Date(now.getTime() - OPEN_END_HOURS * 3_600_000)),
          ),
        ),
      ),
    )
    .orderBy(asc(assumedEnd), asc(events.startsAt), asc(events.id))
    .limit(RUNNING_NOW_LIMIT);
  return rows.map((row) => row.id);
}

/**
 * What runs right now — whatever night it started in, so afterhours and Sunday day parties too —
 * ordered by end time (soonest first); null outside 22:00–08:00. Cancelled parties are left out.
 * Which parties run is told to the minute (a party that ends at 03:00:30 is listed until 03:00:59);
 * their current sets and door words to the moment.
 */
export async function runningNow(deps: DomainDeps): Promise<RunningParty[] | null> {
  if (!isRunningNowTime(deps)) return null;
  const now = deps.now();
  const ids = await runningPartyIds(deps, new Date(now.getTime() - (now.getTime() % 60_000)));
  const [summaries, lineups, doorWords] = await Promise.all([
    summariesByIds(deps, ids),
    lineupsOf(deps, ids),
    liveDoorWordsOf(deps, ids, now),
  ]);
  const timeZone = deps.config.city.timeZone;
  return summaries.map((event) => {
    const playing = currentSetOf(lineups.get(event.id) ?? [], now, event).now;
    return {
      event,
      currentSet: playing
        ? {
            artist: playing.artist.name,
            floor: playing.floor,
            times: setTimesLabel(playing, timeZone),
          }
        : null,
      doorWord: doorWords.get(event.id)?.[0] ?? null,
    };
  });
}
