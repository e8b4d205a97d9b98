import { firstWeekendNight } from "#common/night-headings.ts";
import type { EventCardData } from "#app/lib/event-card-data.ts";
import { NightSection } from "./night-section.tsx";

/** Parties grouped by party night in the order given, each night under its sticky header. */
export function EventList({
  events,
  timeZone,
  tonight,
  emptyText = "Hier ist gerade nichts eingetragen.",
}: {
  events: EventCardData[];
  timeZone: string;
  /** Tonight's party night, to name nights "Heute", "Morgen", "Wochenende"; else dates only. */
  tonight?: string;
  emptyText?: string;
}) {
  const nights = new Map<string, EventCardData[]>();
  for (const event of events) nights.set(event.night, [...(nights.get(event.night) ?? []), event]);
  if (nights.size === 0) return <p className="text-muted">{emptyText}</p>;
  const weekendAnchor = tonight ? firstWeekendNight([...nights.keys()], tonight) : null;
  return (
    <div className="flex flex-col gap-10">
      {[...nights].map(([night, nightEvents]) => (
        <NightSection
          key={night}
          night={night}
          tonight={tonight ?? ""}
          count={nightEvents.length}
          events={nightEvents}
          timeZone={timeZone}
          isWeekendAnchor={night === weekendAnchor}
        />
      ))}
    </div>
  );
}
