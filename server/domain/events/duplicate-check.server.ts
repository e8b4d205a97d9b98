import { and, eq, gte, lt, ne, sql } from "drizzle-orm";
import { partyNightBounds, partyNightOf } from "#common/dates.ts";
import { eventPath } from "#common/urls.ts";
import { events } from "#server/db/schema/events.ts";
import type { DomainDeps } from "#server/domain/deps.ts";

/** Titles at least this similar (pg_trgm) count as the same party. */
const DUPLICATE_TITLE_SIMILARITY = 0.4;

export interface PossibleDuplicate {
  id: number;
  title: string;
  url: string;
}

/** Parties in the same club on the same night with a similar title (pg_trgm similarity). */
export async function findPossibleDuplicates(
  deps: DomainDeps,
  candidate: { title: string; startsAt: Date; locationId: number | null; excludeEventId?: number },
): Promise<PossibleDuplicate[]> {
  if (candidate.locationId === null) return [];
  const timeZone = deps.config.city.timeZone;
  const night = partyNightBounds(partyNightOf(candidate.startsAt, timeZone), timeZone);
  const rows = await deps.db
    .select({ id: events.id, title: events.title, slug: events.slug })
    .from(events)
    .where(
      and(
        eq(events.locationId, candidate.locationId),
        gte(events.startsAt, night.start),
        lt(events.startsAt, night.end),
        ne(events.status, "rejected"),
        candidate.excludeEventId === undefined
          ? undefined
          : ne(events.id, candidate.excludeEventId),
        sql`similarity(lower(${events.title}), lower(${candidate.title})) >= ${DUPLICATE_TITLE_SIMILARITY}`,
      ),
    )
    .limit(5);
  return rows.map((row) => ({ id: row.id, title: row.title, url: eventPath(row) }));
}
