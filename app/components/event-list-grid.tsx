import type { EventCardData } from "#app/lib/event-card-data.ts";
import { EventCard } from "./event-card.tsx";

/**
 * DESIGN.md's grid: 1 column at 320, 2 at 640, 3 at 1024, 4 at 1280; on phones a compact list
 * unless the visitor chose cards (app.css). A lone party spans the row instead of leaving it
 * empty.
 */
export function EventGrid({ events, timeZone }: { events: EventCardData[]; timeZone: string }) {
  const alone = events.length === 1;
  return (
    <ul className="event-grid grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
      {events.map((event) => (
        <li key={event.id} className={alone ? "sm:col-span-full" : undefined}>
          <EventCard event={event} timeZone={timeZone} wide={alone} />
        </li>
      ))}
    </ul>
  );
}
