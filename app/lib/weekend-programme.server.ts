import { weekendNights } from "#common/dates.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { listEvents } from "#server/domain/events/public-events.server.ts";
import { eventCards } from "./event-cards.server.ts";

/** The parties of this weekend's nights (or the coming weekend's), as the listings show them. */
export async function weekendProgramme(deps: DomainDeps) {
  const nights = weekendNights(deps.now(), deps.config.city.timeZone);
  const weekend = await listEvents(
    deps,
    { dateFrom: nights[0], dateTo: nights.at(-1) },
    { page: 1, pageSize: 100 },
  );
  return eventCards(weekend.items);
}
