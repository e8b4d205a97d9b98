import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { addDays, calendarDayOf, fromWallClock, toWallClock } from "#common/dates.ts";
import { eventFormSchema, type EventInput } from "#common/schemas/event-form.ts";
import { slugify } from "#common/slug.ts";
import type { Database } from "#server/db/client.server.ts";
import { eventGenres, eventOrganizers, events } from "#server/db/schema/events.ts";
import { recordAudit } from "#server/domain/audit/audit-log.server.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import {
  changedKinds,
  recordPartyChanges,
  type PartyChangeKind,
} from "#server/domain/change-alerts/party-changes.server.ts";
import { ConflictError, ValidationError } from "#server/domain/errors.ts";
import { parseInput } from "#server/domain/parse-input.ts";
import { announceNewParty } from "#server/domain/follows/party-alerts.server.ts";
import { lineupOf, replaceLineup } from "#server/domain/lineups/lineup-store.server.ts";
import { deleteUnusedFlyers } from "#server/domain/uploads/flyer-files.server.ts";
import { findPossibleDuplicates } from "./duplicate-check.server.ts";
import { statusOfNewEvent } from "./event-approval.server.ts";
import { checkEventReferences } from "./event-references.server.ts";
import { loadManagedEvent, recordTeamWork, type EventRow } from "./event-ownership.server.ts";
import type { Actor } from "#server/domain/kernel/actor.ts";
import { priceRangeOf } from "./event-price.ts";

/** Creating, changing, cancelling, copying and deleting events: creators and admins only. */

/** Fields only the system sets (owner, status, promotion); sent through the API they are ignored. */
const protectedFields = [
  "id",
  "owner",
  "created_by",
  "created_by_id",
  "status",
  "is_top",
  "top",
  "top_until",
];

const duplicateMessage =
  "Im selben Club gibt es an diesem Abend schon eine Party mit ähnlichem Titel. Ist es dieselbe? " +
  "Sonst speichere erneut mit „Trotzdem speichern“.";

const alreadyPublicMessage =
  "Die Party ist schon veröffentlicht; eine Veröffentlichung später gibt es nur für Entwürfe.";

async function noteIgnoredFields(
  deps: DomainDeps,
  actor: Actor,
  input: unknown,
  eventId: number | null,
): Promise<void> {
  if (typeof input !== "object" || input === null) return;
  const attempted = protectedFields.filter((field) => field in input);
  if (attempted.length === 0) return;
  await recordAudit(deps, {
    actorUserId: actor.id,
    action: "event.protected_fields.ignored",
    entityType: "event",
    entityId: eventId,
    details: { fields: attempted },
    ip: actor.ip ?? null,
  });
}

async function refuseDuplicates(deps: DomainDeps, input: EventInput, excludeEventId?: number) {
  if (input.allowDuplicate) return;
  const duplicates = await findPossibleDuplicates(deps, {
    title: input.title,
    startsAt: input.startsAt,
    locationId: input.locationId,
    excludeEventId,
  });
  if (duplicates.length > 0) throw new ConflictError(duplicateMessage, { duplicates });
}

function columnsOf(input: EventInput) {
  return {
    title: input.title,
    slug: slugify(input.title),
    description: input.description,
    startsAt: input.startsAt,
    endsAt: input.endsAt,
    locationId: input.locationId,
    venueName: input.venueName,
    venueAddress: input.venueAddress,
    priceText: input.priceText,
    ...priceRangeOf(input.priceText),
    ageLimit: input.ageLimit,
    doorFacts: input.doorFacts,
    ticketUrl: input.ticketUrl,
    flyerPath: input.flyerPath,
    mediaUrls: input.mediaUrls,
    isOnline: input.isOnline,
    publishAt: input.publishAt,
  };
}

/** A new secret for a party's preview link (decision 0236): 144 random bits. */
export function newPreviewToken(): string {
  return randomBytes(18).toString("base64url");
}

/** A party saved with a publication time waits as a draft until the scheduler publishes it. */
function statusWhenScheduled(event: EventInput, status: EventRow["status"]): EventRow["status"] {
  return event.publishAt === null ? status : "draft";
}

async function replaceLinks(
  db: Database,
  eventId: number,
  genreIds: number[],
  organizerIds: number[],
): Promise<void> {
  await db.delete(eventGenres).where(eq(eventGenres.eventId, eventId));
  await db.delete(eventOrganizers).where(eq(eventOrganizers.eventId, eventId));
  if (genreIds.length > 0) {
    await db.insert(eventGenres).values(genreIds.map((genreId) => ({ eventId, genreId })));
  }
  if (organizerIds.length > 0) {
    await db
      .insert(eventOrganizers)
      .values(organizerIds.map((organizerId, position) => ({ eventId, organizerId, position })));
  }
}

export interface SavedEvent {
  id: number;
  slug: string;
  status: EventRow["status"];
}

/** Where a party created for a series sits in it (decision 0230). */
export interface SeriesPlacement {
  seriesId: number;
  /** The day the series' rule gave it. */
  seriesDay: string;
}

/**
 * Writes a new party — its row, genres, organisers and line-up — inside the caller's
 * transaction: the form's save and a feed's import (decision 0233) alike.
 */
export async function insertParty(
  tx: Database,
  event: EventInput,
  fields: {
    status: EventRow["status"];
    createdById: number;
    now: Date;
    /** Where a series' party sits in it (server/domain/series/); none for other parties. */
    seriesId?: number | null;
    seriesDay?: string | null;
  },
): Promise<SavedEvent> {
  const [saved] = await tx
    .insert(events)
    .values({
      ...columnsOf(event),
      status: fields.status,
      previewToken: newPreviewToken(),
      seriesId: fields.seriesId ?? null,
      seriesDay: fields.seriesDay ?? null,
      createdById: fields.createdById,
      createdAt: fields.now,
      updatedAt: fields.now,
    })
    .returning({ id: events.id, slug: events.slug, status: events.status });
  await replaceLinks(tx, saved!.id, event.genreIds, event.organizerIds);
  await replaceLineup(tx, saved!.id, event.lineup);
  return saved!;
}

/**
 * Writes a party's new values inside the caller's transaction; a change of time, place,
 * line-up raises its revision and queues the change alert (decisions 0184, 0185). The form's
 * save and a feed's sync (decision 0233) alike.
 */
export async function writePartyEdit(
  tx: Database,
  eventId: number,
  event: EventInput,
  fields: { status: EventRow["status"]; changes: PartyChangeKind[]; now: Date },
): Promise<SavedEvent> {
  const [row] = await tx
    .update(events)
    .set({ ...columnsOf(event), status: fields.status, updatedAt: fields.now })
    .where(eq(events.id, eventId))
    .returning({ id: events.id, slug: events.slug, status: events.status });
  await replaceLinks(tx, eventId, event.genreIds, event.organizerIds);
  await replaceLineup(tx, eventId, event.lineup);
  await recordPartyChanges(tx, fields.now, [eventId], fields.changes);
  return row!;
}

/**
 * Creates an event owned by the actor: published (or pending, when new organisers' events need
 * an admin's approval), or a draft when asked or when it has a publication time (then the
 * scheduler publishes it, decision 0236). The parties of a series are created here too, each
 * with its `placement` (server/domain/series/), so one set of rules holds for both.
 */
export async function createEvent(
  deps: DomainDeps,
  actor: Actor,
  input: unknown,
  placement: SeriesPlacement | null = null,
): Promise<SavedEvent> {
  await noteIgnoredFields(deps, actor, input, null);
  const event = parseInput(
    eventFormSchema({ now: deps.now, timeZone: deps.config.city.timeZone }),
    input,
  );
  await checkEventReferences(deps, actor, event, null);
  await refuseDuplicates(deps, event);
  const status = statusWhenScheduled(
    event,
    event.draft ? "draft" : await statusOfNewEvent(deps, actor),
  );
  const now = deps.now();
  const created = await deps.db.transaction((tx) =>
    insertParty(tx, event, {
      status,
      createdById: actor.id,
      now,
      seriesId: placement?.seriesId ?? null,
      seriesDay: placement?.seriesDay ?? null,
    }),
  );
  // Followers of its club, organisers, genres or artists hear of a public party (decision 0187).
  if (created.status === "published") await announceNewParty(deps, created.id);
  return created;
}

async function organizerIdsOf(deps: DomainDeps, eventId: number): Promise<number[]> {
  const rows = await deps.db
    .select({ id: eventOrganizers.organizerId })
    .from(eventOrganizers)
    .where(eq(eventOrganizers.eventId, eventId));
  return rows.map((row) => row.id);
}

async function statusAfterUpdate(
  deps: DomainDeps,
  actor: Actor,
  current: EventRow["status"],
  draft: boolean,
): Promise<EventRow["status"]> {
  if (current !== "draft" && current !== "published") return current;
  if (draft) return "draft";
  return current === "draft" ? statusOfNewEvent(deps, actor) : "published";
}

/** The event form read as an edit of a saved party: its start may stay where it has passed. */
export function parseEventEdit(deps: DomainDeps, existing: EventRow, input: unknown): EventInput {
  return parseInput(
    eventFormSchema({
      now: deps.now,
      timeZone: deps.config.city.timeZone,
      savedStart: existing.startsAt,
      inSeries: existing.seriesId !== null,
    }),
    input,
  );
}

/**
 * Saves the form over an event. Draft and published follow the form (a draft leaving its draft
 * state is published like a new event: maybe pending); cancelled, pending and rejected stay as
 * they are. A start that has passed may stay, but not be moved into the past.
 */
export async function updateEvent(
  deps: DomainDeps,
  actor: Actor,
  eventId: number,
  input: unknown,
): Promise<SavedEvent> {
  const existing = await loadManagedEvent(deps, actor, eventId, "update");
  await noteIgnoredFields(deps, actor, input, eventId);
  const event = parseEventEdit(deps, existing, input);
  await checkEventReferences(deps, actor, event, existing, await organizerIdsOf(deps, eventId));
  if (event.publishAt !== null && existing.status !== "draft") {
    throw new ValidationError({ publish_at: [alreadyPublicMessage] });
  }
  await refuseDuplicates(deps, event, eventId);
  const status = statusWhenScheduled(
    event,
    await statusAfterUpdate(deps, actor, existing.status, event.draft),
  );
  const changes = changedKinds(
    { ...existing, lineup: await lineupOf(deps, eventId) },
    { ...event, lineup: event.lineup },
  );
  const now = deps.now();
  const saved = await deps.db.transaction((tx) =>
    writePartyEdit(tx, eventId, event, { status, changes, now }),
  );
  await recordTeamWork(deps, actor, eventId, "update");
  if (existing.flyerPath !== null && existing.flyerPath !== event.flyerPath) {
    await deleteUnusedFlyers(deps, [existing.flyerPath]);
  }
  // Published now, or a new artist, club …: whoever newly follows it hears of it, nobody twice.
  if (saved.status === "published") await announceNewParty(deps, eventId);
  return saved;
}

/**
 * Marks an event as cancelled: it stays listed, marked "Abgesagt"; those who saved it are told
 * (decision 0185). Cancelling it again changes nothing.
 */
export async function cancelEvent(deps: DomainDeps, actor: Actor, eventId: number): Promise<void> {
  const existing = await loadManagedEvent(deps, actor, eventId, "cancel");
  if (existing.status === "cancelled") return;
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    await tx
      .update(events)
      .set({ status: "cancelled", updatedAt: now })
      .where(eq(events.id, eventId));
    await recordPartyChanges(tx, now, [eventId], ["cancelled"]);
  });
  await recordTeamWork(deps, actor, eventId, "cancel");
}

/** Deletes an event with its genre and organiser links, and its flyer unless a copy uses it. */
export async function deleteEvent(deps: DomainDeps, actor: Actor, eventId: number): Promise<void> {
  const existing = await loadManagedEvent(deps, actor, eventId, "delete");
  // Written first: the party's organiser links go with it.
  await recordTeamWork(deps, actor, eventId, "delete");
  await deps.db.delete(events).where(eq(events.id, eventId));
  if (existing.flyerPath !== null) await deleteUnusedFlyers(deps, [existing.flyerPath]);
}

/** The same wall-clock time one week later (so 23:00 stays 23:00 across a clock change). */
function oneWeekLater(instant: Date, timeZone: string): Date {
  const wall = toWallClock(instant, timeZone);
  const day = addDays(calendarDayOf(instant, timeZone), 7);
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return fromWallClock({ year, month, day: date, hour: wall.hour, minute: wall.minute }, timeZone);
}

/**
 * "Für nächste Woche kopieren": the same party seven days later, with genres, organisers and
 * media, saved as a draft without last week's flyer (a new week usually has a new flyer, and
 * the organiser publishes when it is ready); never promoted.
 */
export async function copyEventToNextWeek(
  deps: DomainDeps,
  actor: Actor,
  eventId: number,
): Promise<SavedEvent> {
  const original = await loadManagedEvent(deps, actor, eventId, "copy");
  const timeZone = deps.config.city.timeZone;
  const now = deps.now();
  const [genreRows, organizerIds, lineup] = await Promise.all([
    deps.db
      .select({ id: eventGenres.genreId })
      .from(eventGenres)
      .where(eq(eventGenres.eventId, eventId)),
    organizerIdsOf(deps, eventId),
    lineupOf(deps, eventId),
  ]);
  return deps.db.transaction(async (tx) => {
    const [copy] = await tx
      .insert(events)
      .values({
        title: original.title,
        slug: original.slug,
        description: original.description,
        startsAt: oneWeekLater(original.startsAt, timeZone),
        endsAt: original.endsAt === null ? null : oneWeekLater(original.endsAt, timeZone),
        locationId: original.locationId,
        venueName: original.venueName,
        venueAddress: original.venueAddress,
        priceText: original.priceText,
        priceMinCents: original.priceMinCents,
        priceMaxCents: original.priceMaxCents,
        ageLimit: original.ageLimit,
        doorFacts: original.doorFacts,
        ticketUrl: original.ticketUrl,
        flyerPath: null,
        mediaUrls: original.mediaUrls,
        isOnline: original.isOnline,
        status: "draft",
        previewToken: newPreviewToken(),
        createdById: original.createdById,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: events.id, slug: events.slug, status: events.status });
    await replaceLinks(
      tx,
      copy!.id,
      genreRows.map((row) => row.id),
      organizerIds,
    );
    await replaceLineup(
      tx,
      copy!.id,
      lineup.map((entry) => ({
        artistName: entry.artist.name,
        floor: entry.floor,
        startsAt: entry.startsAt && oneWeekLater(entry.startsAt, timeZone),
        endsAt: entry.endsAt && oneWeekLater(entry.endsAt, timeZone),
      })),
    );
    return copy!;
  });
}

/**
 * A new secret for the party's preview link (decision 0236): the old link stops working. For
 * whoever may act on the party.
 */
export async function renewPreviewToken(
  deps: DomainDeps,
  actor: Actor,
  eventId: number,
): Promise<string> {
  await loadManagedEvent(deps, actor, eventId, "update");
  const previewToken = newPreviewToken();
  await deps.db.update(events).set({ previewToken }).where(eq(events.id, eventId));
  return previewToken;
}
