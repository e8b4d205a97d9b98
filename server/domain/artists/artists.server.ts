import { eq } from "drizzle-orm";
import { artists } from "#server/db/schema/lineups.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { NotFoundError } from "#server/domain/errors.ts";
import type { EventSummary } from "#server/domain/event-query/event-model.ts";
import { listEvents, listPastEvents } from "#server/domain/events/public-events.server.ts";

/** Parties an artist page shows at most in each list. */
const UPCOMING_LIMIT = 50;
const PAST_LIMIT = 24;

export interface ArtistPage {
  artist: { id: number; name: string; slug: string };
  /** From tonight's night on, in start order. */
  upcoming: EventSummary[];
  /** Newest first. */
  past: EventSummary[];
}

/** An artist with their public parties; NotFoundError for an unknown slug. */
export async function getArtistPage(deps: DomainDeps, slug: string): Promise<ArtistPage> {
  const [artist] = await deps.db
    .select({ id: artists.id, name: artists.name, slug: artists.slug })
    .from(artists)
    .where(eq(artists.slug, slug));
  if (!artist) throw new NotFoundError("Diesen Act gibt es nicht.");
  const [upcoming, past] = await Promise.all([
    listEvents(deps, { artistId: artist.id }, { page: 1, pageSize: UPCOMING_LIMIT }),
    listPastEvents(deps, { artistId: artist.id }, { page: 1, pageSize: PAST_LIMIT }),
  ]);
  return { artist, upcoming: upcoming.items, past: past.items };
}
