import type { FeedTarget } from "#common/urls.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import type { EventSummary } from "#server/domain/event-query/event-model.ts";
import { listEvents } from "#server/domain/events/public-events.server.ts";
import { siteIdentity } from "#server/domain/settings/site-settings.server.ts";
import { feedSubject } from "./party-feeds.server.ts";

export interface EmbeddedProgramme {
  siteName: string;
  /** The club's, organiser's or genre's name; the city's for all parties. */
  name: string;
  /** The page here that lists all of them. */
  pagePath: string;
  /** The next parties, in start order: the first page of GET /api/events/ with the same filter. */
  parties: EventSummary[];
}

/**
 * The next `count` parties of a club, organiser, genre or the whole city for another site's
 * frame (decision 0231) — the same parties, in the same order, as the JSON feed of the selection
 * (`programmeJsonAddress`). A NotFoundError for an unknown club, organiser or genre.
 */
export async function embeddedProgramme(
  deps: DomainDeps,
  target: FeedTarget,
  count: number,
): Promise<EmbeddedProgramme> {
  const [subject, { siteName }] = await Promise.all([
    feedSubject(deps, target),
    siteIdentity(deps),
  ]);
  const page = await listEvents(deps, subject.filters, { page: 1, pageSize: count });
  return { siteName, name: subject.name, pagePath: subject.pagePath, parties: page.items };
}
