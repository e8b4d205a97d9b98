import { countOf, nouns } from "#common/plural.ts";
import { Link } from "react-router";
import { nightHeading } from "#common/night-headings.ts";
import type { EventCardData } from "#app/lib/event-card-data.ts";
import { EventGrid } from "./event-list-grid.tsx";

/** One party night: a sticky header ("Heute · Fr., 21.11.") over its cards. */
export function NightSection({
  night,
  tonight,
  count,
  events,
  timeZone,
  allPartiesHref,
  isWeekendAnchor = false,
}: {
  night: string;
  tonight: string;
  count: number;
  events: EventCardData[];
  timeZone: string;
  /** Where all of the night's parties are listed, when only the first are shown here. */
  allPartiesHref?: string;
  /** The listing's first weekend night carries the "#wochenende" anchor (`firstWeekendNight`). */
  isWeekendAnchor?: boolean;
}) {
  const headingId = `nacht-${night}`;
  return (
    <section
      id={isWeekendAnchor ? "wochenende" : undefined}
      aria-labelledby={headingId}
      className="flex scroll-mt-32 flex-col gap-4"
    >
      <h2
        id={headingId}
        className="sticky top-14 z-10 -mx-4 flex items-baseline justify-between gap-3 bg-paper/95 px-4 py-2 text-xl font-black tracking-tight backdrop-blur sm:-mx-6 sm:px-6 lg:-mx-8 lg:px-8"
      >
        <span>{nightHeading(night, tonight)}</span>
        <span className="tabular text-sm font-semibold text-muted">
          {countOf(count, nouns.party)}
        </span>
      </h2>
      <EventGrid events={events} timeZone={timeZone} />
      {allPartiesHref && count > events.length ? (
        <Link
          to={allPartiesHref}
          className="self-start font-semibold text-accent underline underline-offset-4"
        >
          Alle {count} Partys dieser Nacht
        </Link>
      ) : null}
    </section>
  );
}
