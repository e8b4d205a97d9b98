import { hasMorePages } from "#common/paging.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { listPastEvents } from "#server/domain/events/public-events.server.ts";
import { eventCards } from "./event-cards.server.ts";
import { nightListing } from "./night-listing.server.ts";
import { pageNumber } from "./page-number.ts";

const PAST_PAGE_SIZE = 12;
const NIGHTS_PER_PAGE = 6;

/**
 * The parties of a club or an organiser page (PlaceParties): its coming nights (`?page=`) and
 * its past parties as a paged archive (`?archiv=`).
 */
export async function loadPlaceParties(
  deps: DomainDeps,
  url: URL,
  place: { locationId: number } | { organizerId: number },
) {
  const upcomingPage = pageNumber(url);
  const pastPage = pageNumber(url, "archiv");
  const [upcoming, past] = await Promise.all([
    nightListing(deps, place, upcomingPage, NIGHTS_PER_PAGE),
    listPastEvents(deps, place, { page: pastPage, pageSize: PAST_PAGE_SIZE }),
  ]);
  return {
    upcoming,
    past: {
      events: eventCards(past.items),
      page: pastPage,
      hasMore: hasMorePages(past),
    },
    search: url.searchParams.toString(),
  };
}
