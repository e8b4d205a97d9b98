import { Link } from "react-router";
import { useTopEventCounter } from "./use-top-event-counter.ts";
import { formatTime } from "#common/dates.ts";
import { placeName } from "#common/party-place.ts";
import type { EventSummaryJson } from "#server/api/event-json.ts";

/**
 * A party in a listing, flyer first (DESIGN.md): the flyer at 4:5 over title, start time, club
 * and genres; "Top-Event" for promoted parties (their impressions and clicks are counted for
 * the buyer); cancelled ones struck through but readable.
 */
export function EventCard({ event, timeZone }: { event: EventSummaryJson; timeZone: string }) {
  const cancelled = event.status === "cancelled";
  const { card, onFollow } = useTopEventCounter<HTMLElement>(event.id, event.is_top);
  const place = placeName({
    location: event.location,
    venueName: event.venue_name,
    isOnline: event.online,
  });
  return (
    <article
      ref={card}
      className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-line bg-card"
    >
      <div className="relative aspect-[4/5] overflow-hidden bg-line">
        {event.flyer ? (
          <img
            src={event.flyer}
            alt=""
            width={400}
            height={500}
            loading="lazy"
            decoding="async"
            className="size-full object-cover transition-transform duration-500 group-hover:scale-[1.03]"
          />
        ) : (
          <div
            aria-hidden="true"
            className="flex size-full items-end bg-gradient-to-br from-accent/30 via-card to-line p-4 text-3xl font-black leading-none tracking-tight text-ink/20 [overflow-wrap:anywhere]"
          >
            {event.title}
          </div>
        )}
        <div className="absolute left-3 top-3 flex flex-wrap gap-2">
          {event.is_top ? (
            <span className="rounded-full bg-accent px-2.5 py-1 text-xs font-bold uppercase tracking-wide text-accent-ink">
              Top-Event
            </span>
          ) : null}
          {cancelled ? (
            <span className="rounded-full bg-ink px-2.5 py-1 text-xs font-bold uppercase tracking-wide text-paper">
              Abgesagt
            </span>
          ) : null}
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-1 p-4">
        <h3 className="text-lg font-bold leading-snug [overflow-wrap:anywhere]">
          <Link
            to={event.url}
            onClick={onFollow}
            className={`after:absolute after:inset-0 hover:underline ${cancelled ? "line-through decoration-2" : ""}`}
          >
            {event.title}
          </Link>
        </h3>
        <p className="tabular text-sm text-muted">
          <time dateTime={event.start}>{formatTime(new Date(event.start), timeZone)} Uhr</time>
          {place ? ` · ${place}` : null}
        </p>
        {event.genres.length > 0 ? (
          <p className="text-sm text-muted">
            {event.genres.map((genre) => genre.name).join(" · ")}
          </p>
        ) : null}
      </div>
    </article>
  );
}
