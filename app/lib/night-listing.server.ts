import type { EventFilters } from "#server/domain/event-query/event-query-kit.server.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { listPartyNights } from "#server/domain/listings/party-nights.server.ts";
import { partyNightOf } from "#common/dates.ts";
import { hasMorePages } from "#common/paging.ts";
import { toNightJson } from "#server/api/night-json.ts";
import { toCardNight } from "./event-card-data.ts";

/**
 * One page of party nights as GET /api/dates/ shapes it, cut to the cards (event-card-data.ts),
 * so the server render and the "Weitere Partys" requests feed the same components.
 */
export async function nightListing(
  deps: DomainDeps,
  filters: EventFilters,
  page: number,
  pageSize: number,
) {
  const nights = await listPartyNights(deps, filters, { page, pageSize });
  return {
    nights: nights.items.map((night) => toCardNight(toNightJson(night))),
    nightCount: nights.count,
    page,
    hasMore: hasMorePages(nights),
    tonight: partyNightOf(deps.now(), deps.config.city.timeZone),
    timeZone: deps.config.city.timeZone,
  };
}
