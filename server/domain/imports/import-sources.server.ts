import { and, asc, desc, eq, inArray, lte, or } from "drizzle-orm";
import { importSourceMessages, importSourceSchema } from "#common/schemas/import-source.ts";
import { genres, locations, organizerMembers, organizers } from "#server/db/schema/catalog.ts";
import { importSources } from "#server/db/schema/imports.ts";
import { recordAudit } from "#server/domain/audit/audit-log.server.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { NotFoundError, ValidationError, type FieldErrors } from "#server/domain/errors.ts";
import type { Actor } from "#server/domain/kernel/actor.ts";
import { parseInput } from "#server/domain/parse-input.ts";
import { feedUrlOf } from "./feed-fetch.server.ts";
import { takeUrlFetch } from "./url-fetch-quota.server.ts";
import { syncSource, type ImportSource, type SyncRun } from "./source-sync.server.ts";

/**
 * Calendar sources (decision 0233): an organiser adds them for their own profiles, an admin for
 * any organiser or club. Adding one fetches it at once; the scheduler keeps it in step.
 */

const sourceMessages = {
  unknown: "Diese Quelle gibt es nicht.",
  foreignOrganizer: "Du kannst nur Quellen für Veranstalter anlegen, für die Du handelst.",
  clubsForAdmins: "Quellen für einen Club legt die Redaktion an.",
  unknownChoice: "Ungültige Auswahl.",
  badAddress:
    "Diese Adresse können wir nicht abrufen: nur http(s), ohne Benutzername und Passwort.",
} as const;

async function organizersOf(deps: DomainDeps, actor: Actor): Promise<number[]> {
  const rows = await deps.db
    .select({ id: organizerMembers.organizerId })
    .from(organizerMembers)
    .where(eq(organizerMembers.userId, actor.id));
  return rows.map((row) => row.id);
}

/** The sources the actor may see and change: an admin all, others their own profiles'. */
async function visibleCondition(deps: DomainDeps, actor: Actor) {
  if (actor.role === "admin") return undefined;
  const own = await organizersOf(deps, actor);
  return or(
    eq(importSources.addedById, actor.id),
    own.length > 0 ? inArray(importSources.organizerId, own) : undefined,
  );
}

export interface SourceView {
  id: number;
  kind: ImportSource["kind"];
  url: string;
  organizerName: string | null;
  locationName: string | null;
  holdForReview: boolean;
  lastFetchedAt: Date | null;
  lastResult: string | null;
  lastError: string | null;
  nextFetchAt: Date;
}

export async function listImportSources(deps: DomainDeps, actor: Actor): Promise<SourceView[]> {
  return deps.db
    .select({
      id: importSources.id,
      kind: importSources.kind,
      url: importSources.url,
      organizerName: organizers.name,
      locationName: locations.name,
      holdForReview: importSources.holdForReview,
      lastFetchedAt: importSources.lastFetchedAt,
      lastResult: importSources.lastResult,
      lastError: importSources.lastError,
      nextFetchAt: importSources.nextFetchAt,
    })
    .from(importSources)
    .leftJoin(organizers, eq(organizers.id, importSources.organizerId))
    .leftJoin(locations, eq(locations.id, importSources.locationId))
    .where(await visibleCondition(deps, actor))
    .orderBy(desc(importSources.createdAt), desc(importSources.id));
}

/** The organisers and clubs the actor may add a source for (the form's choices). */
export async function importSourceChoices(deps: DomainDeps, actor: Actor) {
  const own = actor.role === "admin" ? null : await organizersOf(deps, actor);
  const [organizerRows, clubRows, genreRows] = await Promise.all([
    own !== null && own.length === 0
      ? Promise.resolve([])
      : deps.db
          .select({ id: organizers.id, name: organizers.name })
          .from(organizers)
          .where(own === null ? undefined : inArray(organizers.id, own))
          .orderBy(asc(organizers.name)),
    actor.role === "admin"
      ? deps.db
          .select({ id: locations.id, name: locations.name })
          .from(locations)
          .orderBy(asc(locations.name))
      : Promise.resolve([]),
    deps.db.select({ id: genres.id, name: genres.name }).from(genres).orderBy(asc(genres.name)),
  ]);
  return { organizers: organizerRows, clubs: clubRows, genres: genreRows };
}

async function checkReferences(
  deps: DomainDeps,
  actor: Actor,
  input: ReturnType<typeof importSourceSchema.parse>,
): Promise<void> {
  const errors: FieldErrors = {};
  if (!feedUrlOf(input.url)) errors.url = [sourceMessages.badAddress];
  if (input.organizer === null && input.location === null) {
    errors.organizer = [importSourceMessages.ownerNeeded];
  }
  if (input.organizer !== null) {
    const allowed =
      actor.role === "admin"
        ? (await deps.db.select({ id: organizers.id }).from(organizers)).map((row) => row.id)
        : await organizersOf(deps, actor);
    if (!allowed.includes(input.organizer)) {
      errors.organizer = [
        actor.role === "admin" ? sourceMessages.unknownChoice : sourceMessages.foreignOrganizer,
      ];
    }
  }
  if (input.location !== null) {
    if (actor.role !== "admin") errors.location = [sourceMessages.clubsForAdmins];
    else {
      const [club] = await deps.db
        .select({ id: locations.id })
        .from(locations)
        .where(eq(locations.id, input.location));
      if (!club) errors.location = [sourceMessages.unknownChoice];
    }
  }
  if (input.genres.length > 0) {
    const found = await deps.db
      .select({ id: genres.id })
      .from(genres)
      .where(inArray(genres.id, input.genres));
    if (found.length !== new Set(input.genres).size) errors.genres = [sourceMessages.unknownChoice];
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
}

/** Adds a source and fetches it at once; answers the first run's result or German error. */
export async function addImportSource(
  deps: DomainDeps,
  actor: Actor,
  input: unknown,
): Promise<{ source: ImportSource; run: SyncRun }> {
  const values = parseInput(importSourceSchema, input);
  await checkReferences(deps, actor, values);
  await takeUrlFetch(deps, actor.id);
  const [source] = await deps.db
    .insert(importSources)
    .values({
      kind: values.kind,
      url: feedUrlOf(values.url)!.href,
      addedById: actor.id,
      organizerId: values.organizer,
      locationId: values.location,
      defaultGenreIds: [...new Set(values.genres)],
      holdForReview: values.hold_for_review,
      nextFetchAt: deps.now(),
      createdAt: deps.now(),
    })
    .returning();
  await recordAudit(deps, {
    actorUserId: actor.id,
    action: "import_source.added",
    entityType: "import_source",
    entityId: source!.id,
    details: { url: source!.url },
    ip: actor.ip ?? null,
  });
  return { source: source!, run: await syncSource(deps, source!) };
}

async function loadVisibleSource(deps: DomainDeps, actor: Actor, sourceId: number) {
  const [source] = await deps.db
    .select()
    .from(importSources)
    .where(and(eq(importSources.id, sourceId), await visibleCondition(deps, actor)));
  if (!source) throw new NotFoundError(sourceMessages.unknown);
  return source;
}

/** "Jetzt abrufen": one run right away. */
export async function syncImportSourceNow(
  deps: DomainDeps,
  actor: Actor,
  sourceId: number,
): Promise<SyncRun> {
  const source = await loadVisibleSource(deps, actor, sourceId);
  await takeUrlFetch(deps, actor.id);
  return syncSource(deps, source);
}

/** Removes a source; its parties stay as they are (they belong to their profile). */
export async function removeImportSource(
  deps: DomainDeps,
  actor: Actor,
  sourceId: number,
): Promise<void> {
  const source = await loadVisibleSource(deps, actor, sourceId);
  await deps.db.delete(importSources).where(eq(importSources.id, source.id));
  await recordAudit(deps, {
    actorUserId: actor.id,
    action: "import_source.removed",
    entityType: "import_source",
    entityId: source.id,
    details: { url: source.url },
    ip: actor.ip ?? null,
  });
}

/** Sources due now, at most `limit` a run (the next run takes the rest). */
const SOURCES_PER_RUN = 10;

/** The scheduler's part: every due source once, one after another. */
export async function syncDueSources(
  deps: DomainDeps,
  options: { signal?: AbortSignal; onError?: (error: unknown, sourceId: number) => void } = {},
): Promise<{ sources: number; failed: number }> {
  const due = await deps.db
    .select()
    .from(importSources)
    .where(lte(importSources.nextFetchAt, deps.now()))
    .orderBy(asc(importSources.nextFetchAt))
    .limit(SOURCES_PER_RUN);
  let failed = 0;
  for (const source of due) {
    if (options.signal?.aborted) break;
    const run = await syncSource(deps, source).catch((error: unknown) => {
      options.onError?.(error, source.id);
      return { ok: false, message: "" };
    });
    if (!run.ok) failed += 1;
  }
  return { sources: due.length, failed };
}
