import { and, asc, eq, gte, isNotNull } from "drizzle-orm";
import type { Database } from "#server/db/client.server.ts";
import { events } from "#server/db/schema/events.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { replaceLineup } from "#server/domain/lineups/lineup-store.server.ts";

/** Made-up acts for the demo line-ups. */
const demoArtists = [
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
const PARTIES_WITH_LINEUP = 8;

/**
 * Line-ups for the first few upcoming demo parties in clubs: two floors, two-hour sets from the
 * start, the second floor an hour later and without times for its last act.
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
    .limit(PARTIES_WITH_LINEUP);
  for (const [index, party] of parties.entries()) {
    const act = (offset: number) => demoArtists[(index * 3 + offset) % demoArtists.length]!;
    const at = (hours: number) => new Date(party.startsAt.getTime() + hours * HOUR);
    await replaceLineup(db, party.id, [
      { artistName: act(0), floor: "Main", startsAt: at(0), endsAt: at(2) },
      { artistName: act(1), floor: "Main", startsAt: at(2), endsAt: at(4) },
      { artistName: act(2), floor: "Main", startsAt: at(4), endsAt: at(6) },
      { artistName: act(3), floor: "Floor 2", startsAt: at(1), endsAt: at(3) },
      { artistName: act(4), floor: "Floor 2", startsAt: null, endsAt: null },
    ]);
  }
}
