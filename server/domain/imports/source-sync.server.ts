import { and, eq, gt, inArray, sql } from "drizzle-orm";
import { safeHttpUrl } from "#common/safe-url.ts";
import type { EventInput } from "#common/schemas/event-form.ts";
import type { Database } from "#server/db/client.server.ts";
import { eventGenres, eventOrganizers, events } from "#server/db/schema/events.ts";
import {
  duplicateSuspects,
  importedEntries,
  importSources,
  type ImportedValues,
} from "#server/db/schema/imports.ts";
import { users } from "#server/db/schema/users.ts";
import {
  changedKinds,
  recordPartyChanges,
} from "#server/domain/change-alerts/party-changes.server.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { findPossibleDuplicates } from "#server/domain/events/duplicate-check.server.ts";
import { statusOfNewEvent } from "#server/domain/events/event-approval.server.ts";
import { insertParty, writePartyEdit } from "#server/domain/events/event-commands.server.ts";
import type { EventRow } from "#server/domain/events/event-ownership.server.ts";
import { announceNewParty } from "#server/domain/follows/party-alerts.server.ts";
import { lineupOf } from "#server/domain/lineups/lineup-store.server.ts";
import { deleteUnusedFlyers } from "#server/domain/uploads/flyer-files.server.ts";
import { uploadFlyer } from "#server/domain/uploads/flyer-upload.server.ts";
import { entriesInWindow, entryMessages, type FeedEntry } from "./feed-entry.ts";
import { feedUrlOf, fetchFeed, fetchImage } from "./feed-fetch.server.ts";
import { icsEntries, looksLikeCalendar } from "./ics-entries.server.ts";
import { ImportError } from "./import-error.ts";
import { jsonLdEntries } from "./json-ld-entries.server.ts";
import { matchVenue } from "./venue-match.server.ts";

/**
 * Keeping a source's parties in step with it (decision 0233): fetch (conditionally), read every
 * entry, then write them all in one transaction — new parties through the event commands' own
 * writers, changes of time or place raising the revision and queuing the change alert, entries
 * gone from the source marked "Abgesagt". A field the organiser changed here differs from the
 * value last imported and is left alone. Any refusal leaves nothing half-imported: the German
 * reason is the source's last error.
 */

export type ImportSource = typeof importSources.$inferSelect;

const SYNC_INTERVAL_MS = 3_600_000;
const MAX_BACKOFF_MS = 24 * 3_600_000;
const TITLE_MAX = 120;
const DESCRIPTION_MAX = 5000;

const syncMessages = {
  pageIsCalendar:
    "Unter dieser Adresse steht ein Kalender (ICS). Bitte lege die Quelle als Kalender an.",
  unexpected: "Beim Übernehmen ist ein Fehler aufgetreten. Wir versuchen es später noch einmal.",
  unchanged: "Unverändert seit dem letzten Abruf.",
  titleTooLong: (title: string) =>
    `Der Titel „${title.slice(0, 60)}…“ ist zu lang: höchstens ${TITLE_MAX} Zeichen.`,
} as const;

export interface SyncCounts {
  created: number;
  updated: number;
  cancelled: number;
  held: number;
  merged: number;
  flyersMissing: number;
}

/** "2 neu, 1 geändert, 1 abgesagt, 1 zur Prüfung" — what the source's page shows. */
function resultText(counts: SyncCounts, entries: number): string {
  const parts = [
    `${entries} ${entries === 1 ? "Termin" : "Termine"} gelesen`,
    `${counts.created} neu`,
    `${counts.updated} geändert`,
    `${counts.cancelled} abgesagt`,
  ];
  if (counts.held > 0) parts.push(`${counts.held} zur Prüfung („Ist das dieselbe Party?“)`);
  if (counts.merged > 0) parts.push(`${counts.merged} zusammengeführt`);
  if (counts.flyersMissing > 0) parts.push(`${counts.flyersMissing} Flyer nicht geladen`);
  return `${parts.join(", ")}.`;
}

/** The values an entry brings, once its place is matched to a club. */
interface MappedEntry {
  entry: FeedEntry;
  values: ImportedValues;
}

function valuesOf(entry: FeedEntry, locationId: number | null): ImportedValues {
  if (entry.title.length > TITLE_MAX) throw new ImportError(syncMessages.titleTooLong(entry.title));
  return {
    title: entry.title,
    description: entry.description.slice(0, DESCRIPTION_MAX),
    startsAt: entry.startsAt.toISOString(),
    endsAt: entry.endsAt?.toISOString() ?? null,
    locationId,
    venueName: locationId === null ? entry.venueName : null,
    venueAddress: locationId === null ? entry.venueAddress : null,
    ticketUrl: safeHttpUrl(entry.url),
    imageUrl: safeHttpUrl(entry.imageUrl),
    flyerPath: null,
  };
}

async function mapEntries(
  deps: DomainDeps,
  source: ImportSource,
  entries: FeedEntry[],
): Promise<MappedEntry[]> {
  const mapped: MappedEntry[] = [];
  for (const entry of entries) {
    const locationId = (await matchVenue(deps.db, entry)) ?? source.locationId;
    if (locationId === null && (entry.venueName === null || entry.venueAddress === null)) {
      throw new ImportError(entryMessages.missingPlace(entry.title));
    }
    mapped.push({ entry, values: valuesOf(entry, locationId) });
  }
  return mapped;
}

/** The party's values as they are now, comparable with what was imported. */
function currentValues(event: EventRow): Omit<ImportedValues, "imageUrl"> {
  return {
    title: event.title,
    description: event.description,
    startsAt: event.startsAt.toISOString(),
    endsAt: event.endsAt?.toISOString() ?? null,
    locationId: event.locationId,
    venueName: event.venueName,
    venueAddress: event.venueAddress,
    ticketUrl: event.ticketUrl,
    flyerPath: event.flyerPath,
  };
}

function sameValues(current: Omit<ImportedValues, "imageUrl">, next: ImportedValues): boolean {
  return (Object.keys(current) as (keyof typeof current)[]).every(
    (key) => current[key] === next[key],
  );
}

/** Local edits win: a field takes the feed's value only while it still holds the last import. */
function mergedValues(
  event: EventRow,
  last: ImportedValues,
  incoming: ImportedValues,
): ImportedValues {
  const current = currentValues(event);
  const pick = <K extends keyof typeof current>(key: K) =>
    current[key] === last[key] ? incoming[key] : current[key];
  const placeUntouched =
    current.locationId === last.locationId &&
    current.venueName === last.venueName &&
    current.venueAddress === last.venueAddress;
  return {
    title: pick("title"),
    description: pick("description"),
    startsAt: pick("startsAt"),
    endsAt: pick("endsAt"),
    locationId: placeUntouched ? incoming.locationId : current.locationId,
    venueName: placeUntouched ? incoming.venueName : current.venueName,
    venueAddress: placeUntouched ? incoming.venueAddress : current.venueAddress,
    ticketUrl: pick("ticketUrl"),
    imageUrl: incoming.imageUrl,
    flyerPath: pick("flyerPath"),
  };
}

/** The event form's values of a party: imported fields over what the party already has. */
function partyInput(
  values: ImportedValues,
  base: {
    isOnline: boolean;
    organizerIds: number[];
    genreIds: number[];
    priceText: string | null;
    ageLimit: number | null;
    mediaUrls: string[];
    doorFacts: EventRow["doorFacts"];
    lineup: EventInput["lineup"];
  },
): EventInput {
  return {
    title: values.title,
    startsAt: new Date(values.startsAt),
    endsAt: values.endsAt === null ? null : new Date(values.endsAt),
    locationId: values.locationId,
    venueName: values.venueName,
    venueAddress: values.venueAddress,
    description: values.description,
    ticketUrl: values.ticketUrl,
    flyerPath: values.flyerPath,
    draft: false,
    allowDuplicate: false,
    // A feed's parties are public as the feed says; no publication time (decision 0236).
    publishAt: null,
    // A feed's own repeats arrive expanded, one entry per party: imports make no series.
    repeat: null,
    seriesScope: "this",
    ...base,
  };
}

/** Flyers of new entries and of entries whose picture changed, through the upload pipeline. */
async function loadFlyers(
  deps: DomainDeps,
  source: ImportSource,
  mapped: MappedEntry[],
  known: Map<string, ImportedValues>,
): Promise<number> {
  let missing = 0;
  for (const item of mapped) {
    const last = known.get(item.entry.uid);
    const imageUrl = item.values.imageUrl;
    if (imageUrl === null) continue;
    if (last && last.imageUrl === imageUrl) {
      item.values.flyerPath = last.flyerPath;
      continue;
    }
    const url = feedUrlOf(imageUrl);
    try {
      if (!url) throw new ImportError("no http(s) address");
      const image = await fetchImage(deps, url);
      item.values.flyerPath = (await uploadFlyer(deps, source.addedById, image)).path;
    } catch {
      missing += 1;
    }
  }
  return missing;
}

async function linksOf(db: Database, eventId: number) {
  const [genreRows, organizerRows] = await Promise.all([
    db
      .select({ id: eventGenres.genreId })
      .from(eventGenres)
      .where(eq(eventGenres.eventId, eventId)),
    db
      .select({ id: eventOrganizers.organizerId })
      .from(eventOrganizers)
      .where(eq(eventOrganizers.eventId, eventId)),
  ]);
  return {
    genreIds: genreRows.map((row) => row.id),
    organizerIds: organizerRows.map((row) => row.id),
  };
}

interface WriteOutcome {
  counts: SyncCounts;
  announce: number[];
  replacedFlyers: string[];
}

/** Every entry of one run, in one transaction. */
async function writeEntries(
  deps: DomainDeps,
  source: ImportSource,
  mapped: MappedEntry[],
  newStatus: "pending" | "published",
): Promise<WriteOutcome> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const txDeps = { ...deps, db: tx };
    const counts: SyncCounts = {
      created: 0,
      updated: 0,
      cancelled: 0,
      held: 0,
      merged: 0,
      flyersMissing: 0,
    };
    const announce: number[] = [];
    const replacedFlyers: string[] = [];
    const rows = await tx
      .select()
      .from(importedEntries)
      .where(eq(importedEntries.sourceId, source.id));
    const byUid = new Map(rows.map((row) => [row.uid, row]));
    const feedUids = new Set(mapped.map((item) => item.entry.uid));
    const claimed = new Set<number>();

    const update = async (eventId: number, last: ImportedValues, incoming: ImportedValues) => {
      const [event] = await tx.select().from(events).where(eq(events.id, eventId));
      if (!event) return;
      const merged = mergedValues(event, last, incoming);
      const savedLineup = await lineupOf(txDeps, eventId);
      const lineup = savedLineup.map((entry) => ({
        artistName: entry.artist.name,
        floor: entry.floor,
        startsAt: entry.startsAt,
        endsAt: entry.endsAt,
      }));
      const input = partyInput(merged, {
        isOnline: event.isOnline,
        ...(await linksOf(tx, eventId)),
        priceText: event.priceText,
        ageLimit: event.ageLimit,
        mediaUrls: event.mediaUrls,
        doorFacts: event.doorFacts,
        lineup,
      });
      const changes = changedKinds({ ...event, lineup: savedLineup }, input);
      if (changes.length > 0 || !sameValues(currentValues(event), merged)) {
        await writePartyEdit(tx, eventId, input, { status: event.status, changes, now });
        counts.updated += 1;
        if (event.flyerPath !== null && event.flyerPath !== input.flyerPath) {
          replacedFlyers.push(event.flyerPath);
        }
      }
    };

    for (const { entry, values } of mapped) {
      const known = byUid.get(entry.uid);
      if (known && !claimed.has(known.eventId)) {
        claimed.add(known.eventId);
        await update(known.eventId, known.lastImported, values);
        await tx
          .update(importedEntries)
          .set({ lastImported: values })
          .where(eq(importedEntries.id, known.id));
        continue;
      }
      const duplicates = await findPossibleDuplicates(txDeps, {
        title: values.title,
        startsAt: entry.startsAt,
        locationId: values.locationId,
      });
      const sameSource = rows.find((row) =>
        duplicates.some((duplicate) => duplicate.id === row.eventId),
      );
      if (sameSource) {
        // The same party under another UID of this source: one party, never two.
        counts.merged += 1;
        if (claimed.has(sameSource.eventId) || feedUids.has(sameSource.uid)) continue;
        claimed.add(sameSource.eventId);
        await update(sameSource.eventId, sameSource.lastImported, values);
        await tx
          .update(importedEntries)
          .set({ uid: entry.uid, lastImported: values })
          .where(eq(importedEntries.id, sameSource.id));
        byUid.delete(sameSource.uid);
        continue;
      }
      const held = duplicates[0];
      const saved = await insertParty(
        tx,
        partyInput(values, {
          isOnline: false,
          organizerIds: source.organizerId === null ? [] : [source.organizerId],
          genreIds: source.defaultGenreIds,
          priceText: null,
          ageLimit: null,
          mediaUrls: [],
          doorFacts: {},
          lineup: [],
        }),
        { status: held ? "pending" : newStatus, createdById: source.addedById, now },
      );
      claimed.add(saved.id);
      const [inserted] = await tx
        .insert(importedEntries)
        .values({ sourceId: source.id, uid: entry.uid, eventId: saved.id, lastImported: values })
        .returning();
      rows.push(inserted!);
      if (held) {
        await tx
          .insert(duplicateSuspects)
          .values({ eventId: saved.id, existingEventId: held.id, createdAt: now });
        counts.held += 1;
      } else {
        counts.created += 1;
        if (saved.status === "published") announce.push(saved.id);
      }
    }

    const gone = rows.filter((row) => !feedUids.has(row.uid) && byUid.has(row.uid));
    if (gone.length > 0) {
      const cancelled = await tx
        .update(events)
        .set({ status: "cancelled", updatedAt: now })
        .where(
          and(
            inArray(
              events.id,
              gone.map((row) => row.eventId).filter((id) => !claimed.has(id)),
            ),
            inArray(events.status, ["published", "pending"]),
            // A party that has begun left the feed by ageing, not by being called off.
            gt(events.startsAt, now),
            // A party another source still lists (merged duplicates) stays.
            sql`not exists (select 1 from ${importedEntries} where ${importedEntries.eventId} = ${events.id}
              and ${importedEntries.sourceId} <> ${source.id})`,
          ),
        )
        .returning({ id: events.id });
      const ids = cancelled.map((row) => row.id);
      if (ids.length > 0) await recordPartyChanges(tx, now, ids, ["cancelled"]);
      counts.cancelled = ids.length;
    }
    return { counts, announce, replacedFlyers };
  });
}

async function statusForNewParties(
  deps: DomainDeps,
  source: ImportSource,
): Promise<"pending" | "published"> {
  if (source.holdForReview) return "pending";
  const [owner] = await deps.db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(eq(users.id, source.addedById));
  if (!owner) return "pending";
  return statusOfNewEvent(deps, { id: owner.id, role: owner.role === "admin" ? "admin" : "user" });
}

/** Reads the source's answer into entries, by the kind the source was added as. */
function entriesOf(deps: DomainDeps, source: ImportSource, body: Buffer, url: URL): FeedEntry[] {
  const text = body.toString("utf8");
  const zone = deps.config.city.timeZone;
  if (source.kind === "ics") return icsEntries(text, deps.now(), zone);
  if (looksLikeCalendar(text)) throw new ImportError(syncMessages.pageIsCalendar);
  return jsonLdEntries(text, url, zone);
}

export interface SyncRun {
  ok: boolean;
  message: string;
}

/**
 * One run of a source: fetched, read and written, or refused with a German reason. Either way
 * the source's last result or error and its next fetch (an hour later; after failures, backing
 * off up to a day) are stored.
 */
export async function syncSource(deps: DomainDeps, source: ImportSource): Promise<SyncRun> {
  const now = deps.now();
  const url = feedUrlOf(source.url);
  try {
    if (!url) throw new ImportError("Diese Adresse können wir nicht abrufen.");
    const fetched = await fetchFeed(deps, url, source);
    let message: string = syncMessages.unchanged;
    if (!fetched.notModified) {
      const entries = entriesInWindow(entriesOf(deps, source, fetched.body, fetched.url), now);
      const mapped = await mapEntries(deps, source, entries);
      const rows = await deps.db
        .select()
        .from(importedEntries)
        .where(eq(importedEntries.sourceId, source.id));
      const flyersMissing = await loadFlyers(
        deps,
        source,
        mapped,
        new Map(rows.map((row) => [row.uid, row.lastImported])),
      );
      const outcome = await writeEntries(
        deps,
        source,
        mapped,
        await statusForNewParties(deps, source),
      );
      outcome.counts.flyersMissing = flyersMissing;
      for (const eventId of outcome.announce) await announceNewParty(deps, eventId);
      await deleteUnusedFlyers(deps, outcome.replacedFlyers);
      message = resultText(outcome.counts, mapped.length);
    }
    await deps.db
      .update(importSources)
      .set({
        etag: fetched.notModified ? source.etag : fetched.etag,
        lastModified: fetched.notModified ? source.lastModified : fetched.lastModified,
        failures: 0,
        lastFetchedAt: now,
        lastResult: message,
        lastError: null,
        nextFetchAt: new Date(now.getTime() + SYNC_INTERVAL_MS),
      })
      .where(eq(importSources.id, source.id));
    return { ok: true, message };
  } catch (error) {
    const message = error instanceof ImportError ? error.message : syncMessages.unexpected;
    const failures = source.failures + 1;
    await deps.db
      .update(importSources)
      .set({
        failures,
        lastFetchedAt: now,
        lastError: message,
        nextFetchAt: new Date(
          now.getTime() + Math.min(SYNC_INTERVAL_MS * 2 ** (failures - 1), MAX_BACKOFF_MS),
        ),
      })
      .where(eq(importSources.id, source.id));
    if (!(error instanceof ImportError)) throw error;
    return { ok: false, message };
  }
}
