import { and, eq, gt, lt, type SQL } from "drizzle-orm";
import { events } from "#server/db/schema/events.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import type { EventSummary } from "#server/domain/event-query/event-model.ts";
import { summariesByIds } from "#server/domain/event-query/event-query-kit.server.ts";
import { REMINDER_LOOK_AHEAD_MS, reminderDueAt } from "./reminder-time.ts";

/**
 * Which saved parties are owed a reminder now, by mail and by push alike: a published party (a
 * cancelled one gets none: its change alert told) starting within the look-ahead, whose reminder
 * time has come. The channels differ only in who asked and how a reminder is claimed.
 */

/** The parties a reminder may be looked for in now, as a condition on `events`. */
export function remindableParties(now: Date): SQL {
  return and(
    eq(events.status, "published"),
    gt(events.startsAt, now),
    lt(events.startsAt, new Date(now.getTime() + REMINDER_LOOK_AHEAD_MS)),
  )!;
}

/**
 * The candidates whose reminder time has come, each with its party's summary, in the
 * candidates' order (a party gone meanwhile is left out).
 */
export async function dueReminders<Candidate extends { eventId: number; startsAt: Date }>(
  deps: DomainDeps,
  candidates: Candidate[],
): Promise<{ candidate: Candidate; party: EventSummary }[]> {
  const now = deps.now();
  const due = candidates.filter(
    (candidate) => reminderDueAt(candidate.startsAt, deps.config.city.timeZone) <= now,
  );
  const parties = new Map(
    (await summariesByIds(deps, [...new Set(due.map((candidate) => candidate.eventId))])).map(
      (party) => [party.id, party],
    ),
  );
  return due.flatMap((candidate) => {
    const party = parties.get(candidate.eventId);
    return party ? [{ candidate, party }] : [];
  });
}
