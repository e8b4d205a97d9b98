import { and, asc, eq, gte, inArray, isNotNull } from "drizzle-orm";
import type { Database } from "#server/db/client.server.ts";
import { events } from "#server/db/schema/events.ts";
import { artists, lineupEntries } from "#server/db/schema/lineups.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { replaceLineup } from "#server/domain/lineups/lineup-store.server.ts";

/** Made-up residents of the demo clubs' second floor. */
const floorTwoResidents = [
  "Nachteule",
  "Bassfräulein",
  "Kollektiv Ost",
  "DJ Kranich",
  "Mira Morgenrot",
  "Tiefgarage",
  "Lux & Lärm",
  "Sofie Subbass",
  "Plattenbau Soundsystem",
  "Eule 303",
];

const HOUR = 3_600_000;
const PARTIES_WITH_TIMETABLE = 8;

/**
 * Timetables for the first few upcoming demo parties in clubs: their own acts (the line-up the
 * seed gave them) on "Main" in two-hour sets from the start, and two residents on "Floor 2", an
 * hour later, the last without times.
 */
export async function insertDemoLineups(
  db: Database,
  deps: Pick<DomainDeps, "now">,
): Promise<void> {
  const parties = await db
    .select({ id: events.id, startsAt: events.startsAt })
    .from(events)
    .where(
      and(
        eq(events.status, "published"),
        isNotNull(events.locationId),
        gte(events.startsAt, deps.now()),
      ),
    )
    .orderBy(asc(events.startsAt), asc(events.id))
    .limit(PARTIES_WITH_TIMETABLE);
  const acts = await db
    .select({ eventId: lineupEntries.eventId, name: artists.name })
    .from(lineupEntries)
    .innerJoin(artists, eq(artists.id, lineupEntries.artistId))
    .where(
      inArray(
        lineupEntries.eventId,
        parties.map((party) => party.id),
      ),
    )
    .orderBy(asc(lineupEntries.position));
  for (const [index, party] of parties.entries()) {
    const at = (hours: number) => new Date(party.startsAt.getTime() + hours * HOUR);
    const resident = (offset: number) =>
      floorTwoResidents[(index * 2 + offset) % floorTwoResidents.length]!;
    const main = acts.filter((act) => act.eventId === party.id);
    await replaceLineup(db, party.id, [
      ...main.map((act, set) => ({
        artistName: act.name,
        floor: "Main",
        startsAt: at(set * 2),
        endsAt: at(set * 2 + 2),
      })),
      { artistName: resident(0), floor: "Floor 2", startsAt: at(1), endsAt: at(3) },
      { artistName: resident(1), floor: "Floor 2", startsAt: null, endsAt: null },
    ]);
  }
}
