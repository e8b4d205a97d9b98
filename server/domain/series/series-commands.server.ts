import { and, asc, eq, gt, inArray } from "drizzle-orm";
import { addDays, calendarDayOf } from "#common/dates.ts";
import { eventFormSchema, type EventInput } from "#common/schemas/event-form.ts";
import { fallsOn, type SeriesRule } from "#common/series-rule.ts";
import { eventSeries, events } from "#server/db/schema/events.ts";
import { recordAudit } from "#server/domain/audit/audit-log.server.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { ConflictError } from "#server/domain/errors.ts";
import {
  cancelEvent,
  createEvent,
  parseEventEdit,
  updateEvent,
  type SavedEvent,
} from "#server/domain/events/event-commands.server.ts";
import { loadManagedEvent } from "#server/domain/events/event-ownership.server.ts";
import type { Actor } from "#server/domain/kernel/actor.ts";
import { parseInput } from "#server/domain/parse-input.ts";
import { fillSeries } from "./series-fill.server.ts";
import { loadManagedSeries, type SeriesRow } from "./series-rows.server.ts";
import { daysBetween, occurrenceInput, templateOf } from "./series-template.ts";

/**
 * Parties that repeat (issue 28 point 4, decision 0230): the event form saves one party, or the
 * first party of a series and the series with it; a change of a series' party covers "nur diese"
 * or "alle folgenden"; the organiser pauses, resumes or ends a series.
 */

export interface SavedParty extends SavedEvent {
  seriesId: number | null;
}

/** The series' columns for a checked form whose first party starts on `anchorDay`. */
function seriesColumns(deps: DomainDeps, input: unknown, event: EventInput) {
  const timeZone = deps.config.city.timeZone;
  const { template, timing } = templateOf(input, event, timeZone);
  return {
    frequency: event.repeat!.frequency,
    monthWeek: event.repeat!.monthWeek,
    anchorDay: calendarDayOf(event.startsAt, timeZone),
    untilDay: event.repeat!.untilDay,
    template,
    ...timing,
  };
}

/** The event form's "Party speichern": one party, or the first of a series and the coming ones. */
export async function createEventOrSeries(
  deps: DomainDeps,
  actor: Actor,
  input: unknown,
): Promise<SavedParty> {
  const event = parseInput(
    eventFormSchema({ now: deps.now, timeZone: deps.config.city.timeZone }),
    input,
  );
  if (event.repeat === null) return { ...(await createEvent(deps, actor, input)), seriesId: null };
  const columns = seriesColumns(deps, input, event);
  const now = deps.now();
  const [series] = await deps.db
    .insert(eventSeries)
    .values({
      ...columns,
      createdById: actor.id,
      filledThrough: columns.anchorDay,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: eventSeries.id });
  let first: SavedEvent;
  try {
    first = await createEvent(deps, actor, input, {
      seriesId: series!.id,
      seriesDay: columns.anchorDay,
    });
  } catch (error) {
    // Refused like any party (a likely duplicate, a club not found …): no series either.
    await deps.db.delete(eventSeries).where(eq(eventSeries.id, series!.id));
    throw error;
  }
  await fillSeries(deps, series!.id);
  return { ...first, seriesId: series!.id };
}

/** The event form's "Änderungen speichern", for a single party and a party of a series alike. */
export async function updateEventOrSeries(
  deps: DomainDeps,
  actor: Actor,
  eventId: number,
  input: unknown,
): Promise<SavedParty> {
  const existing = await loadManagedEvent(deps, actor, eventId, "update");
  const event = parseEventEdit(deps, existing, input);
  if (existing.seriesId === null) {
    const saved = await updateEvent(deps, actor, eventId, input);
    if (event.repeat === null) return { ...saved, seriesId: null };
    // The party's organiser owns the series, also when an admin made it repeat.
    const ownerId = existing.createdById ?? actor.id;
    return { ...saved, seriesId: await startSeriesAt(deps, ownerId, eventId, input, event) };
  }
  const saved = await updateEvent(deps, actor, eventId, input);
  if (event.seriesScope === "following") {
    const series = await loadManagedSeries(deps, actor, existing.seriesId, "update");
    const oldDay =
      existing.seriesDay ?? calendarDayOf(existing.startsAt, deps.config.city.timeZone);
    await changeFollowing(deps, actor, series, eventId, oldDay, input, event);
  }
  return { ...saved, seriesId: existing.seriesId };
}

/** A single party becomes the first of a new series. */
async function startSeriesAt(
  deps: DomainDeps,
  ownerId: number,
  eventId: number,
  input: unknown,
  event: EventInput,
): Promise<number> {
  const columns = seriesColumns(deps, input, event);
  const now = deps.now();
  const seriesId = await deps.db.transaction(async (tx) => {
    const [series] = await tx
      .insert(eventSeries)
      .values({
        ...columns,
        createdById: ownerId,
        filledThrough: columns.anchorDay,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: eventSeries.id });
    await tx
      .update(events)
      .set({ seriesId: series!.id, seriesDay: columns.anchorDay })
      .where(eq(events.id, eventId));
    return series!.id;
  });
  await fillSeries(deps, seriesId);
  return seriesId;
}

/**
 * "Alle folgenden": the series takes the form as its template and rule from this party on; each
 * later party not cancelled moves by as many days as this one did and takes the form's values,
 * or is cancelled when the new rule no longer names its day; then the window is filled anew.
 * Without a repeat any more, the series ends with this party and the later ones are cancelled.
 */
async function changeFollowing(
  deps: DomainDeps,
  actor: Actor,
  series: SeriesRow,
  eventId: number,
  oldDay: string,
  input: unknown,
  event: EventInput,
): Promise<void> {
  const timeZone = deps.config.city.timeZone;
  const newDay = calendarDayOf(event.startsAt, timeZone);
  const shift = daysBetween(oldDay, newDay);
  const later = await deps.db
    .select({ id: events.id, seriesDay: events.seriesDay })
    .from(events)
    .where(
      and(
        eq(events.seriesId, series.id),
        gt(events.seriesDay, oldDay),
        gt(events.startsAt, deps.now()),
        inArray(events.status, ["draft", "pending", "published"]),
      ),
    )
    .orderBy(asc(events.seriesDay));
  const now = deps.now();
  if (event.repeat === null) {
    await deps.db
      .update(eventSeries)
      .set({ state: "ended", untilDay: newDay, updatedAt: now })
      .where(eq(eventSeries.id, series.id));
    for (const party of later) await cancelEvent(deps, actor, party.id);
    return;
  }
  const columns = seriesColumns(deps, input, event);
  const rule: SeriesRule = { ...columns, anchorDay: newDay };
  await deps.db.update(events).set({ seriesDay: newDay }).where(eq(events.id, eventId));
  const shiftedFill = addDays(series.filledThrough, shift);
  await deps.db
    .update(eventSeries)
    .set({
      ...columns,
      anchorDay: newDay,
      filledThrough: shiftedFill > newDay ? shiftedFill : newDay,
      updatedAt: now,
    })
    .where(eq(eventSeries.id, series.id));
  for (const party of later) {
    const day = addDays(party.seriesDay!, shift);
    if (!fallsOn(rule, day)) {
      await cancelEvent(deps, actor, party.id);
      continue;
    }
    await updateEvent(deps, actor, party.id, {
      ...occurrenceInput(columns, day),
      allow_duplicate: event.allowDuplicate,
    });
    await deps.db.update(events).set({ seriesDay: day }).where(eq(events.id, party.id));
  }
  await fillSeries(deps, series.id);
}

const stateMessages = {
  ended: "Diese Serie ist beendet.",
} as const;

/**
 * Pauses, resumes or ends a series. Paused or ended, it creates no new parties; the ones already
 * in the calendar stay (each can be cancelled alone). Resumed, it fills the coming eight weeks
 * from today. An ended series stays ended.
 */
export async function setSeriesState(
  deps: DomainDeps,
  actor: Actor,
  seriesId: number,
  state: "active" | "paused" | "ended",
): Promise<SeriesRow["state"]> {
  const series = await loadManagedSeries(deps, actor, seriesId, state);
  if (series.state === state) return state;
  if (series.state === "ended") throw new ConflictError(stateMessages.ended);
  const today = calendarDayOf(deps.now(), deps.config.city.timeZone);
  await deps.db
    .update(eventSeries)
    .set({
      state,
      filledThrough: series.filledThrough > today ? series.filledThrough : today,
      updatedAt: deps.now(),
    })
    .where(eq(eventSeries.id, seriesId));
  await recordAudit(deps, {
    actorUserId: actor.id,
    action: `series.${state}`,
    entityType: "series",
    entityId: seriesId,
    ip: actor.ip ?? null,
  });
  if (state === "active") await fillSeries(deps, seriesId);
  return state;
}
