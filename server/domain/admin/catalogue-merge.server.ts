import { and, eq, inArray, notInArray } from "drizzle-orm";
import { mergeSchema } from "#common/schemas/admin.ts";
import { clubPath, organizerPath } from "#common/urls.ts";
import type { Database } from "#server/db/client.server.ts";
import { locations, organizerMembers, organizers } from "#server/db/schema/catalog.ts";
import { redirects } from "#server/db/schema/content.ts";
import { eventOrganizers, events } from "#server/db/schema/events.ts";
import { recordPartyChanges } from "#server/domain/change-alerts/party-changes.server.ts";
import { recordAudit } from "#server/domain/audit/audit-log.server.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { NotFoundError, ValidationError } from "#server/domain/errors.ts";
import type { Actor } from "#server/domain/kernel/actor.ts";
import { parseInput } from "#server/domain/parse-input.ts";
import { redirectKey } from "#server/domain/seo/redirects.server.ts";

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/**
 * The old addresses answer 301 with the new one: the paths with and without id, and redirects
 * that pointed at an old path now point at the new one (no chains).
 */
async function redirectPaths(
  tx: Transaction,
  oldPaths: string[],
  newPath: string,
  now: Date,
): Promise<void> {
  await tx.update(redirects).set({ toPath: newPath }).where(inArray(redirects.toPath, oldPaths));
  for (const fromPath of oldPaths.map(redirectKey)) {
    await tx
      .insert(redirects)
      .values({ fromPath, toPath: newPath, statusCode: 301, createdAt: now })
      .onConflictDoUpdate({
        target: redirects.fromPath,
        set: { toPath: newPath, statusCode: 301 },
      });
  }
}

interface Entry {
  id: number;
  slug: string;
}

/** What differs between merging two clubs and merging two organisers. */
interface MergeKind {
  /** "Ein Club" / "Ein Veranstalter", for the self-merge refusal. */
  subject: string;
  missing: string;
  audit: { action: string; entityType: string };
  find: (db: Database, ids: number[]) => Promise<Entry[]>;
  /** Moves what hangs on `from` over to `into` and deletes `from`. */
  move: (tx: Transaction, fromId: number, intoId: number, now: Date) => Promise<void>;
  /** The entry's addresses: the current one first, then the old one without id. */
  paths: (entry: Entry) => [string, string];
}

/** Merges one entry into another: what hangs on it moves, its addresses redirect, it goes. */
async function mergeEntries(
  deps: DomainDeps,
  actor: Actor,
  fromId: number,
  input: unknown,
  kind: MergeKind,
): Promise<void> {
  const { intoId } = parseInput(mergeSchema, input);
  if (fromId === intoId) {
    throw new ValidationError({
      intoId: [`${kind.subject} kann nicht mit sich selbst zusammengeführt werden.`],
    });
  }
  const found = await kind.find(deps.db, [fromId, intoId]);
  const from = found.find((entry) => entry.id === fromId);
  const into = found.find((entry) => entry.id === intoId);
  if (!from) throw new NotFoundError(kind.missing);
  if (!into) throw new ValidationError({ intoId: [kind.missing] });
  await deps.db.transaction(async (tx) => {
    await kind.move(tx, fromId, intoId, deps.now());
    await redirectPaths(tx, kind.paths(from), kind.paths(into)[0], deps.now());
  });
  await recordAudit(deps, {
    actorUserId: actor.id,
    ...kind.audit,
    entityId: fromId,
    details: { intoId },
    ip: actor.ip ?? null,
  });
}

const clubMerge: MergeKind = {
  subject: "Ein Club",
  missing: "Diesen Club gibt es nicht.",
  audit: { action: "club.merge", entityType: "location" },
  find: (db, ids) =>
    db
      .select({ id: locations.id, slug: locations.slug })
      .from(locations)
      .where(inArray(locations.id, ids)),
  // The parties' calendar entries show the other entry's name and address: a new SEQUENCE, but
  // no change alert — the party stays where it was, only the directory lost a double
  // (decision 0185).
  move: async (tx, fromId, intoId, now) => {
    const moved = await tx
      .update(events)
      .set({ locationId: intoId })
      .where(eq(events.locationId, fromId))
      .returning({ id: events.id });
    await recordPartyChanges(
      tx,
      now,
      moved.map((event) => event.id),
      ["place"],
      { alert: false },
    );
    await tx.delete(locations).where(eq(locations.id, fromId));
  },
  paths: (club) => [clubPath(club), `/club/${club.slug}`],
};

const organizerMerge: MergeKind = {
  subject: "Ein Veranstalter",
  missing: "Diesen Veranstalter gibt es nicht.",
  audit: { action: "organizer.merge", entityType: "organizer" },
  find: (db, ids) =>
    db
      .select({ id: organizers.id, slug: organizers.slug })
      .from(organizers)
      .where(inArray(organizers.id, ids)),
  // Events and members move without doubles.
  move: async (tx, fromId, intoId) => {
    const alreadyLinked = tx
      .select({ eventId: eventOrganizers.eventId })
      .from(eventOrganizers)
      .where(eq(eventOrganizers.organizerId, intoId));
    await tx
      .update(eventOrganizers)
      .set({ organizerId: intoId })
      .where(
        and(
          eq(eventOrganizers.organizerId, fromId),
          notInArray(eventOrganizers.eventId, alreadyLinked),
        ),
      );
    const alreadyMembers = tx
      .select({ userId: organizerMembers.userId })
      .from(organizerMembers)
      .where(eq(organizerMembers.organizerId, intoId));
    await tx
      .update(organizerMembers)
      .set({ organizerId: intoId })
      .where(
        and(
          eq(organizerMembers.organizerId, fromId),
          notInArray(organizerMembers.userId, alreadyMembers),
        ),
      );
    await tx.delete(organizers).where(eq(organizers.id, fromId));
  },
  paths: (organizer) => [organizerPath(organizer), `/party-veranstalter/${organizer.slug}`],
};

/** Merges a duplicate club into another: its events move, its addresses redirect, it goes. */
export function mergeClub(deps: DomainDeps, actor: Actor, fromId: number, input: unknown) {
  return mergeEntries(deps, actor, fromId, input, clubMerge);
}

/**
 * Merges a duplicate organiser into another: its events and members move (without doubles),
 * its addresses redirect, it goes.
 */
export function mergeOrganizer(deps: DomainDeps, actor: Actor, fromId: number, input: unknown) {
  return mergeEntries(deps, actor, fromId, input, organizerMerge);
}
