import { asc, eq, inArray } from "drizzle-orm";
import type { LineupEntryInput } from "#common/schemas/lineup.ts";
import { slugify } from "#common/slug.ts";
import type { Database } from "#server/db/client.server.ts";
import { artists, lineupEntries } from "#server/db/schema/lineups.ts";
import type { DomainDeps } from "#server/domain/deps.ts";

/** Line-ups in the database: saved with the event form, read by the party page and its feeds. */

export interface LineupEntry {
  artist: { id: number; name: string; slug: string };
  floor: string;
  startsAt: Date | null;
  endsAt: Date | null;
}

/** The artist's address: the name's slug; a name without letters or digits gets "artist". */
export const artistSlugOf = (name: string) => slugify(name) || "artist";

/**
 * Replaces an event's line-up inside the event's write transaction. An artist is one per slug:
 * "DJ Nachteule" and "dj nachteule" are the same artist, who keeps the first spelling.
 */
export async function replaceLineup(
  db: Database,
  eventId: number,
  entries: LineupEntryInput[],
): Promise<void> {
  await db.delete(lineupEntries).where(eq(lineupEntries.eventId, eventId));
  await insertLineups(db, [{ eventId, entries }]);
}

/**
 * Line-ups of events that have none yet, in three statements however many events (artists,
 * their ids, the entries): for `replaceLineup` and for made-up data in bulk.
 */
export async function insertLineups(
  db: Database,
  lineups: { eventId: number; entries: LineupEntryInput[] }[],
): Promise<void> {
  const bySlug = new Map<string, string>();
  for (const { entries } of lineups) {
    for (const entry of entries) {
      const slug = artistSlugOf(entry.artistName);
      if (!bySlug.has(slug)) bySlug.set(slug, entry.artistName);
    }
  }
  if (bySlug.size === 0) return;
  await db
    .insert(artists)
    .values([...bySlug].map(([slug, name]) => ({ slug, name })))
    .onConflictDoNothing({ target: artists.slug });
  const rows = await db
    .select({ id: artists.id, slug: artists.slug })
    .from(artists)
    .where(inArray(artists.slug, [...bySlug.keys()]));
  const idOf = new Map(rows.map((row) => [row.slug, row.id]));
  await db.insert(lineupEntries).values(
    lineups.flatMap(({ eventId, entries }) =>
      entries.map((entry, position) => ({
        eventId,
        artistId: idOf.get(artistSlugOf(entry.artistName))!,
        floor: entry.floor,
        startsAt: entry.startsAt,
        endsAt: entry.endsAt,
        position,
      })),
    ),
  );
}

/** The line-ups of some events, each in running order. */
export async function lineupsOf(
  deps: DomainDeps,
  eventIds: number[],
): Promise<Map<number, LineupEntry[]>> {
  const lineups = new Map<number, LineupEntry[]>();
  if (eventIds.length === 0) return lineups;
  const rows = await deps.db
    .select({
      eventId: lineupEntries.eventId,
      floor: lineupEntries.floor,
      startsAt: lineupEntries.startsAt,
      endsAt: lineupEntries.endsAt,
      artistId: artists.id,
      artistName: artists.name,
      artistSlug: artists.slug,
    })
    .from(lineupEntries)
    .innerJoin(artists, eq(lineupEntries.artistId, artists.id))
    .where(inArray(lineupEntries.eventId, eventIds))
    .orderBy(asc(lineupEntries.eventId), asc(lineupEntries.position));
  for (const row of rows) {
    const list = lineups.get(row.eventId) ?? [];
    list.push({
      artist: { id: row.artistId, name: row.artistName, slug: row.artistSlug },
      floor: row.floor,
      startsAt: row.startsAt,
      endsAt: row.endsAt,
    });
    lineups.set(row.eventId, list);
  }
  return lineups;
}

/** One event's line-up in running order. */
export async function lineupOf(deps: DomainDeps, eventId: number): Promise<LineupEntry[]> {
  return (await lineupsOf(deps, [eventId])).get(eventId) ?? [];
}
