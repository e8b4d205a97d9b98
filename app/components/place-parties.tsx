import type { ComponentProps } from "react";
import { feedPath } from "#common/urls.ts";
import type { EventCardData } from "#app/lib/event-card-data.ts";
import { EventGrid } from "./event-list-grid.tsx";
import { EventListPager } from "./event-list-pager.tsx";
import { FeedLinks } from "./night-feed-links.tsx";
import { NightListing } from "./night-listing.tsx";

type Upcoming = Pick<
  ComponentProps<typeof NightListing>,
  "nights" | "page" | "hasMore" | "tonight" | "timeZone"
>;

/**
 * The parties of a club or an organiser: coming nights (with "Weitere Partys"), then what the
 * page puts after them (the club's "Anfahrt"), past parties paged as an archive, and the calendar
 * and RSS subscriptions.
 */
export function PlaceParties({
  upcoming,
  past,
  search,
  place,
  emptyText,
  feedLabel,
  afterUpcoming,
}: {
  upcoming: Upcoming;
  past: { events: EventCardData[]; page: number; hasMore: boolean };
  /** The current query string, without "?". */
  search: string;
  /** Whose parties: the club or the organiser (listing filter and feeds follow from it). */
  place: { kind: "club" | "organizer"; id: number };
  emptyText: string;
  /** What the calendar subscriptions are called, e.g. "Partys im Distillery". */
  feedLabel: string;
  /** Shown between the coming and the past parties. */
  afterUpcoming?: React.ReactNode;
}) {
  const filterQuery = `${place.kind === "club" ? "location" : "organizer"}=${place.id}`;
  return (
    <>
      <section aria-labelledby="kommende-partys" className="flex flex-col gap-6">
        <h2 id="kommende-partys" className="text-2xl font-black tracking-tight">
          Kommende Partys
        </h2>
        {upcoming.nights.length === 0 ? (
          <p className="text-muted">{emptyText}</p>
        ) : (
          <NightListing {...upcoming} filterQuery={filterQuery} pageLinkQuery="" />
        )}
      </section>
      {afterUpcoming}
      {past.events.length > 0 ? (
        <section aria-labelledby="vergangene-partys" className="flex flex-col gap-4">
          <h2 id="vergangene-partys" className="text-2xl font-black tracking-tight">
            Vergangene Partys
          </h2>
          <EventGrid events={past.events} timeZone={upcoming.timeZone} />
          <EventListPager
            page={past.page}
            hasMore={past.hasMore}
            search={search}
            name="archiv"
            label="Vergangene Partys blättern"
          />
        </section>
      ) : null}
      <FeedLinks
        label={feedLabel}
        icsPath={feedPath(place, "ics")}
        rssPath={feedPath(place, "rss")}
      />
    </>
  );
}
