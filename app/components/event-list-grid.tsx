import type { EventSummaryJson } from "#server/api/event-json.ts";
import { EventCard } from "./event-card.tsx";

/** DESIGN.md's grid: 1 column at 320, 2 at 640, 3 at 1024, 4 at 1280. */
export function EventGrid({ events, timeZone }: { events: EventSummaryJson[]; timeZone: string }) {
  return (
    <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
      {events.map((event) => (
        <li key={event.id}>
          <EventCard event={event} timeZone={timeZone} />
        </li>
      ))}
    </ul>
  );
}
