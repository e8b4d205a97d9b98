import { z } from "zod";
import type { PartyNight } from "#server/domain/listings/party-nights.server.ts";
import { eventSummaryJson, toEventSummaryJson } from "./event-json.ts";

/** One party night in GET /api/dates/: its date, how many parties, and the first of them. */
export const nightJson = z.object({
  date: z.string().describe("Party night (06:00–06:00 Europe/Berlin) as YYYY-MM-DD"),
  count: z.number().int().describe("All matching parties that night"),
  results: z.array(eventSummaryJson).describe("The first parties, top events first"),
});

export type NightJson = z.infer<typeof nightJson>;

export function toNightJson(night: PartyNight): NightJson {
  return {
    date: night.night,
    count: night.count,
    results: night.events.map(toEventSummaryJson),
  };
}
