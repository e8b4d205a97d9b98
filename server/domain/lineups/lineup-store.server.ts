import { asc, eq, inArray } from "drizzle-orm";
import type { LineupEntryInput } from "#common/schemas/lineup.ts";
import { slugify } from "#common/slug.ts";
import type { Database } from "#server/db/client.server.ts";
import { insertRowsAsJson } from "#server/db/insert-rows-as-json.server.ts";
import { artists, lineupEntries } from "#server/db/schema/lineups.ts";
import type { DomainDeps } from "#server/domain/deps.ts";

/** Line-ups in the database: saved with the event form, read by the party page and its feeds. */

export interface LineupEntry {
  /** The set's id: kept while its artist stays in the line-up (the Nachtplan links sets by it). */
  id: number;
  artist: { id: number; name: string; slug: string };
  floor: string;
  startsAt: Date | null;
  endsAt: Date | null;
}

/** The artist's address: the name's slug; a name without letters or digits gets "artist". */
export const artistSlugOf = (name: string) => slugify(name) || "artist";

/**
 * Replaces an event's line-up inside the event's write transaction. An artist is one per slug:
 * "DJ Nachteule" and "dj nachteule" are the same artist, who keeps the first spelling. A set
 * keeps its row (and id) while its artist stays: the n-th set of an artist takes the row of the
 * artist's n-th set before, whatever its floor and times became, so a Nachtplan's link to a set
 * survives a moved set (decision 0223); the rest of the old rows go, new sets get new rows.
 */
export async function replaceLineup(
  db: Database,
  eventId: number,
  entries: LineupEntryInput[],
): Promise<void> {
  const before = await db
    .select({ id: lineupEntries.id, slug: artists.slug })
    .from(lineupEntries)
    .innerJoin(artists, eq(lineupEntries.artistId, artists.id))
    .where(eq(lineupEntries.eventId, eventId))
    .orderBy(asc(lineupEntries.position), asc(lineupEntries.id));
  const rowsOf = new Map<string, number[]>();
  for (const row of before) rowsOf.set(row.slug, [...(rowsOf.get(row.slug) ?? []), row.id]);
  const kept: { id: number; entry: LineupEntryInput; position: number }[] = [];
  const added: { entry: LineupEntryInput; position: number }[] = [];
  entries.forEach((entry, position) => {
    const id = rowsOf.get(artistSlugOf(entry.artistName))?.shift();
    if (id === undefined) added.push({ entry, position });
    else kept.push({ id, entry, position });
  });
  const gone = [...rowsOf.values()].flat();
  if (gone.length > 0) await db.delete(lineupEntries).where(inArray(lineupEntries.id, gone));
  for (const { id, entry, position } of kept) {
    await db
      .update(lineupEntries)
      .set({ floor: entry.floor, startsAt: entry.startsAt, endsAt: entry.endsAt, position })
      .where(eq(lineupEntries.id, id));
  }
  await insertLineups(db, [{ eventId, entries: added.map(({ entry }) => entry) }], {
    positions: new Map([[eventId, added.map(({ position }) => position)]]),
  });
}

/**
 * Line-ups of events that have none yet, in three statements however many events (artists,
 * their ids, the entries): for `replaceLineup` and for made-up data in bulk.
 */
export async function insertLineups(
  db: Database,
  lineups: { eventId: number; entries: LineupEntryInput[] }[],
  /** Each event's entries' places in its line-up, where they are not 0, 1, 2, … */
  { positions }: { positions?: Map<number, number[]> } = {},
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
  await insertRowsAsJson(
    db,
    lineupEntries,
    lineups.flatMap(({ eventId, entries }) =>
      entries.map((entry, position) => ({
        eventId,
        artistId: idOf.get(artistSlugOf(entry.artistName))!,
        floor: entry.floor,
        startsAt: entry.startsAt,
        endsAt: entry.endsAt,
        position: positions?.get(eventId)?.[position] ?? position,
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
      id: lineupEntries.id,
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
      id: row.id,
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
