import { toEventSummaryJson } from "#server/api/event-json.ts";
import type { EventSummary } from "#server/domain/event-query/event-model.ts";

/** Domain events in the JSON shape the API answers, which the event cards render. */
export function eventCards(events: EventSummary[]) {
  return events.map(toEventSummaryJson);
}
