import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import { SAVED_PARTIES_LIMIT, type SavedParty } from "#common/schemas/saved-parties.ts";
import { toSavedParty } from "#common/saved-party.ts";
import { eventPath } from "#common/urls.ts";
import { events } from "#server/db/schema/events.ts";
import { savedParties } from "#server/db/schema/saved-parties.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { ConflictError, NotFoundError } from "#server/domain/errors.ts";
import type { EventSummary } from "#server/domain/event-query/event-model.ts";
import {
  publicStatuses,
  summariesByIds,
} from "#server/domain/event-query/event-query-kit.server.ts";

/**
 * A signed-in user's saved parties (decision 0180): each party once per user, at most
 * `SAVED_PARTIES_LIMIT`, only public ones (published or cancelled) listed.
 */

export const savedPartiesFullMessage = `Du hast schon ${SAVED_PARTIES_LIMIT} Partys gemerkt. Entferne erst eine, bevor Du eine neue merkst.`;

/** The user's saved parties that are public, in start order. */
export async function savedPartySummaries(
  deps: DomainDeps,
  userId: number,
): Promise<EventSummary[]> {
  const rows = await deps.db
    .select({ id: savedParties.eventId })
    .from(savedParties)
    .innerJoin(events, eq(events.id, savedParties.eventId))
    .where(and(eq(savedParties.userId, userId), inArray(events.status, [...publicStatuses])))
    .orderBy(asc(events.startsAt), asc(events.id))
    .limit(SAVED_PARTIES_LIMIT);
  return summariesByIds(
    deps,
    rows.map((row) => row.id),
  );
}

export const savedPartyOfSummary = (event: EventSummary): SavedParty =>
  toSavedParty({
    ...event,
    path: eventPath(event),
    start: event.startsAt.toISOString(),
    end: event.endsAt?.toISOString() ?? null,
    cancelled: event.status === "cancelled",
  });

/** The user's saved parties as the browser keeps them. */
export async function listSavedParties(deps: DomainDeps, userId: number): Promise<SavedParty[]> {
  return (await savedPartySummaries(deps, userId)).map(savedPartyOfSummary);
}

/** Of `ids`, those of public parties, in the given order. */
async function publicPartyIds(deps: DomainDeps, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await deps.db
    .select({ id: events.id })
    .from(events)
    .where(and(inArray(events.id, ids), inArray(events.status, [...publicStatuses])));
  const found = new Set(rows.map((row) => row.id));
  return [...new Set(ids)].filter((id) => found.has(id));
}

/** A new save's "Erinnern": the account's default (decision 0222). */
const remindByDefault = (userId: number) =>
  sql<boolean>`(select remind_saved_parties from users where id = ${userId})`;

async function savedCount(deps: DomainDeps, userId: number): Promise<number> {
  const [row] = await deps.db
    .select({ n: count() })
    .from(savedParties)
    .where(eq(savedParties.userId, userId));
  return row?.n ?? 0;
}

/**
 * Saves a party for the user; saving it again changes nothing. NotFoundError for a party that is
 * not public, ConflictError when the list is full.
 */
export async function saveParty(deps: DomainDeps, userId: number, eventId: number): Promise<void> {
  if ((await publicPartyIds(deps, [eventId])).length === 0) {
    throw new NotFoundError("Diese Party gibt es nicht.");
  }
  const [already] = await deps.db
    .select({ id: savedParties.eventId })
    .from(savedParties)
    .where(and(eq(savedParties.userId, userId), eq(savedParties.eventId, eventId)));
  if (already) return;
  if ((await savedCount(deps, userId)) >= SAVED_PARTIES_LIMIT) {
    throw new ConflictError(savedPartiesFullMessage, { limit: SAVED_PARTIES_LIMIT });
  }
  await deps.db
    .insert(savedParties)
    .values({ userId, eventId, remind: remindByDefault(userId) })
    .onConflictDoNothing();
}

/** Takes a party off the user's list (nothing happens when it was not on it). */
export async function unsaveParty(deps: DomainDeps, userId: number, eventId: number) {
  await deps.db
    .delete(savedParties)
    .where(and(eq(savedParties.userId, userId), eq(savedParties.eventId, eventId)));
}

/**
 * The browser's list moves into the account (at login): its public parties are added, in its
 * order, as far as the limit allows; ids of unknown or hidden parties are passed over. Answers the
 * account's list.
 */
export async function mergeSavedParties(
  deps: DomainDeps,
  userId: number,
  ids: number[],
): Promise<SavedParty[]> {
  const candidates = await publicPartyIds(deps, ids);
  if (candidates.length > 0) {
    const room = SAVED_PARTIES_LIMIT - (await savedCount(deps, userId));
    const existing = new Set(
      (
        await deps.db
          .select({ id: savedParties.eventId })
          .from(savedParties)
          .where(and(eq(savedParties.userId, userId), inArray(savedParties.eventId, candidates)))
      ).map((row) => row.id),
    );
    const added = candidates.filter((id) => !existing.has(id)).slice(0, Math.max(room, 0));
    if (added.length > 0) {
      await deps.db
        .insert(savedParties)
        .values(added.map((eventId) => ({ userId, eventId, remind: remindByDefault(userId) })))
        .onConflictDoNothing();
    }
  }
  return listSavedParties(deps, userId);
}
