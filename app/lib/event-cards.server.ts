import { toEventSummaryJson } from "#server/api/event-json.ts";
import type { EventSummary } from "#server/domain/event-query/event-model.ts";
import { toEventCardData } from "./event-card-data.ts";

/** Domain events as the party cards draw them: the API's summary cut to the card (0257). */
export function eventCards(events: EventSummary[]) {
  return events.map((event) => toEventCardData(toEventSummaryJson(event)));
}
