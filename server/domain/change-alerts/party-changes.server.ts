import { inArray, sql } from "drizzle-orm";
import type { LineupEntryInput } from "#common/schemas/lineup.ts";
import type { Database } from "#server/db/client.server.ts";
import { partyChangeAlerts, type PartyChangeKind } from "#server/db/schema/change-alerts.ts";
import { events } from "#server/db/schema/events.ts";
import { artistSlugOf, type LineupEntry } from "#server/domain/lineups/lineup-store.server.ts";

/**
 * What counts as a change of a party (decision 0184): its time (start or end), its place (club,
 * free address or online), its line-up, its cancellation. Such a change raises the party's
 * `revision` (the SEQUENCE of its calendar entries) and, for a public party, queues a change alert
 * for those who saved it (decision 0185). Title, description, price, flyer and genres are
 * cosmetic: no new SEQUENCE, no alert.
 */

export type { PartyChangeKind } from "#server/db/schema/change-alerts.ts";

/** The order the kinds are named in, in mails and pushes. */
export const partyChangeKindOrder: readonly PartyChangeKind[] = [
  "cancelled",
  "time",
  "place",
  "lineup",
];

interface PartyFacts {
  startsAt: Date;
  endsAt: Date | null;
  locationId: number | null;
  venueName: string | null;
  venueAddress: string | null;
  isOnline: boolean;
}

const sameInstant = (a: Date | null, b: Date | null) =>
  (a?.getTime() ?? null) === (b?.getTime() ?? null);

/** A line-up as comparable text: artists (by their slug), floors and set times in order. */
function lineupKey(
  entries: { name: string; floor: string; startsAt: Date | null; endsAt: Date | null }[],
) {
  return JSON.stringify(
    entries.map((entry) => [
      artistSlugOf(entry.name),
      entry.floor,
      entry.startsAt?.getTime() ?? null,
      entry.endsAt?.getTime() ?? null,
    ]),
  );
}

/** The kinds of change between a party as saved and as it is about to be saved. */
export function changedKinds(
  before: PartyFacts & { lineup: LineupEntry[] },
  after: PartyFacts & { lineup: LineupEntryInput[] },
): PartyChangeKind[] {
  const kinds: PartyChangeKind[] = [];
  if (!sameInstant(before.startsAt, after.startsAt) || !sameInstant(before.endsAt, after.endsAt)) {
    kinds.push("time");
  }
  const placeChanged =
    before.isOnline !== after.isOnline ||
    before.locationId !== after.locationId ||
    (after.locationId === null &&
      ((before.venueName ?? "") !== (after.venueName ?? "") ||
        (before.venueAddress ?? "") !== (after.venueAddress ?? "")));
  if (placeChanged) kinds.push("place");
  const lineupBefore = lineupKey(
    before.lineup.map((entry) => ({ ...entry, name: entry.artist.name })),
  );
  const lineupAfter = lineupKey(
    after.lineup.map((entry) => ({ ...entry, name: entry.artistName })),
  );
  if (lineupBefore !== lineupAfter) kinds.push("lineup");
  return kinds;
}

/**
 * Records changes of parties inside their write transaction: each party's revision goes up by
 * one, and (unless `alert` is false) each public party that has not ended gets the kinds added to
 * its pending change alert (several changes before the alert goes out become one message).
 */
export async function recordPartyChanges(
  db: Database,
  now: Date,
  eventIds: number[],
  kinds: PartyChangeKind[],
  { alert = true }: { alert?: boolean } = {},
): Promise<void> {
  if (eventIds.length === 0 || kinds.length === 0) return;
  const changed = await db
    .update(events)
    .set({ revision: sql`${events.revision} + 1` })
    .where(inArray(events.id, eventIds))
    .returning({
      id: events.id,
      status: events.status,
      startsAt: events.startsAt,
      endsAt: events.endsAt,
    });
  const hours6 = 6 * 3_600_000;
  const alertable = changed.filter(
    (party) =>
      alert &&
      (party.status === "published" || party.status === "cancelled") &&
      (party.endsAt ?? new Date(party.startsAt.getTime() + hours6)) > now,
  );
  if (alertable.length === 0) return;
  const kindList = [...new Set(kinds)];
  await db
    .insert(partyChangeAlerts)
    .values(
      alertable.map((party) => ({
        eventId: party.id,
        pendingKinds: kindList,
        changedAt: now,
        lastChangedAt: now,
      })),
    )
    .onConflictDoUpdate({
      target: partyChangeAlerts.eventId,
      set: {
        pendingKinds: sql`(select coalesce(jsonb_agg(distinct kind), '[]'::jsonb)
          from jsonb_array_elements(${partyChangeAlerts.pendingKinds} || excluded.pending_kinds) as kind)`,
        changedAt: sql`coalesce(${partyChangeAlerts.changedAt}, excluded.changed_at)`,
        lastChangedAt: sql`excluded.last_changed_at`,
      },
    });
}
