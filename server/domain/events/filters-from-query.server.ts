import type { EventFiltersQuery } from "#common/schemas/event-filters.ts";
import type { EventFilters } from "#server/domain/event-query/event-query-kit.server.ts";

type FilterFields = Pick<
  EventFiltersQuery,
  | "date_from"
  | "date_to"
  | "genre"
  | "location"
  | "organizer"
  | "top"
  | "age16"
  | "awareness"
  | "step_free"
  | "card"
  | "search"
>;

/** The listing filters of a validated query string (GET /api/events/, /api/dates/, pages). */
export function eventFiltersFromQuery(query: FilterFields): EventFilters {
  return {
    dateFrom: query.date_from,
    dateTo: query.date_to,
    genreIds: query.genre,
    locationId: query.location,
    organizerId: query.organizer,
    top: query.top,
    age16: query.age16,
    awareness: query.awareness,
    stepFree: query.step_free,
    card: query.card,
    search: query.search,
  };
}
