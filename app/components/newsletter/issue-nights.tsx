import { formatDayTime, formatNight, formatTime } from "#common/dates.ts";
import { TOP_EVENT_BADGE } from "#common/top-event-badge.ts";
import type { NewsletterIssueContent, NewsletterIssueEvent } from "#server/db/schema/newsletter.ts";

/**
 * A past issue on the site: its top events and its nights with the parties it listed, as the
 * mail showed them.
 */
export function IssueNights({
  content,
  timeZone,
}: {
  content: NewsletterIssueContent;
  timeZone: string;
}) {
  return (
    <div className="flex flex-col gap-10">
      {content.topEvents?.length ? (
        <section aria-labelledby="ausgabe-top-events">
          <h2
            id="ausgabe-top-events"
            className="mb-4 border-b-2 border-accent pb-1 text-2xl font-bold"
          >
            Top-Events
          </h2>
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {content.topEvents.map((event) => (
              <IssueEventCard
                key={event.id}
                event={event}
                when={formatDayTime(new Date(event.startsAt), timeZone)}
              />
            ))}
          </ul>
        </section>
      ) : null}
      {content.nights.map(({ night, events, moreCount }) => (
        <section key={night} aria-labelledby={`ausgabe-${night}`}>
          <h2
            id={`ausgabe-${night}`}
            className="mb-4 border-b-2 border-ink pb-1 text-2xl font-bold"
          >
            {formatNight(night)}
          </h2>
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {events.map((event) => (
              <IssueEventCard
                key={event.id}
                event={event}
                when={`${formatTime(new Date(event.startsAt), timeZone)} Uhr`}
              />
            ))}
          </ul>
          {moreCount > 0 ? (
            <p className="mt-3 text-sm text-muted">
              {moreCount === 1 ? "Eine weitere Party" : `${moreCount} weitere Partys`} standen im
              Kalender.
            </p>
          ) : null}
        </section>
      ))}
    </div>
  );
}

/** One party of a past issue: flyer, the top event's badge, title, when, club and genres. */
function IssueEventCard({ event, when }: { event: NewsletterIssueEvent; when: string }) {
  return (
    <li
      className={`overflow-hidden rounded-lg border bg-card ${event.isTop ? "border-accent" : "border-line"}`}
    >
      {event.flyerUrl ? (
        <img
          src={new URL(event.flyerUrl).pathname}
          alt={`Flyer: ${event.title}`}
          loading="lazy"
          className="aspect-[4/5] w-full object-cover"
        />
      ) : null}
      <div className="flex flex-col gap-1 p-4">
        {event.isTop ? (
          <span className="text-xs font-bold uppercase text-accent">{TOP_EVENT_BADGE}</span>
        ) : null}
        <a
          href={new URL(event.url).pathname}
          className={`font-semibold hover:underline ${event.cancelled ? "line-through" : ""}`}
        >
          {event.title}
        </a>
        <p className="tabular text-sm text-muted">
          {when} · {event.club}
          {event.cancelled ? " · Abgesagt" : ""}
        </p>
        {event.genres.length > 0 ? (
          <p className="text-sm text-muted">{event.genres.join(", ")}</p>
        ) : null}
      </div>
    </li>
  );
}
