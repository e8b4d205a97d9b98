import { Link } from "react-router";
import { formatNight, formatTime } from "../../common/dates.ts";
import { eventPath } from "../../common/urls.ts";

export interface EventListItem {
  id: number;
  title: string;
  slug: string;
  startsAt: Date | string;
  night: string;
  status: string;
  isTop: boolean;
  location: { name: string } | null;
  venueName: string | null;
  genres: { id: number; name: string }[];
}

/** Parties grouped by party night; top events first within a night. */
export function EventList({ events, timeZone }: { events: EventListItem[]; timeZone: string }) {
  const nights = new Map<string, EventListItem[]>();
  for (const event of events) nights.set(event.night, [...(nights.get(event.night) ?? []), event]);
  if (nights.size === 0) {
    return <p className="text-muted">Hier ist gerade nichts eingetragen.</p>;
  }
  return (
    <div className="flex flex-col gap-8">
      {[...nights].map(([night, nightEvents]) => (
        <section key={night} aria-labelledby={`nacht-${night}`}>
          <h2 id={`nacht-${night}`} className="mb-3 text-lg font-bold">
            {formatNight(night)}
          </h2>
          <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
            {[...nightEvents]
              .sort((a, b) => Number(b.isTop) - Number(a.isTop))
              .map((event) => (
                <li key={event.id} className="rounded-lg border border-line bg-card p-4">
                  {event.isTop ? (
                    <span className="text-xs font-bold uppercase text-accent">Top-Event</span>
                  ) : null}
                  <Link to={eventPath(event)} className="block font-semibold hover:underline">
                    <span className={event.status === "cancelled" ? "line-through" : undefined}>
                      {event.title}
                    </span>
                  </Link>
                  <p className="tabular text-sm text-muted">
                    {formatTime(new Date(event.startsAt), timeZone)} ·{" "}
                    {event.location?.name ?? event.venueName ?? "Ort folgt"}
                    {event.status === "cancelled" ? " · Abgesagt" : ""}
                  </p>
                  <p className="text-sm text-muted">
                    {event.genres.map((genre) => genre.name).join(", ")}
                  </p>
                </li>
              ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
