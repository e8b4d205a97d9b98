import { addDays, toWallClock, weekdayOf } from "#common/dates.ts";
import { cityDayOf } from "#server/domain/kernel/city-day.server.ts";
import { PLACE_TO_BE_ANNOUNCED, placeName } from "#common/party-place.ts";
import { eventPath, mediaUrl } from "#common/urls.ts";
import type { NewsletterIssueContent, NewsletterIssueEvent } from "#server/db/schema/newsletter.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import type { EventSummary } from "#server/domain/event-query/event-model.ts";
import { listPartyNights, topEventsOfNights } from "#server/domain/listings/party-nights.server.ts";
import { getSiteSettings } from "#server/domain/settings/site-settings.server.ts";
import { MAX_EVENTS_PER_NIGHT } from "./newsletter-rules.ts";

const FRIDAY = 5;
const THURSDAY = 4;

/**
 * The Friday whose weekend is due for its issue: from Thursday at the send hour (city time, a site setting) until
 * the same hour on Friday, so a run missed at the hour (restart, outage) still happens. Else null.
 */
export async function dueWeekendStart(deps: DomainDeps): Promise<string | null> {
  const { timeZone } = deps.config.city;
  const wall = toWallClock(deps.now(), timeZone);
  const today = cityDayOf(deps);
  const { newsletterSendHour: sendHour } = await getSiteSettings(deps);
  const weekday = weekdayOf(today);
  if (weekday === THURSDAY && wall.hour >= sendHour) return addDays(today, 1);
  if (weekday === FRIDAY && wall.hour < sendHour) return today;
  return null;
}

export function toIssueEvent(deps: DomainDeps, event: EventSummary): NewsletterIssueEvent {
  const { publicUrl } = deps.config;
  const flyer = mediaUrl(event.flyerPath);
  return {
    id: event.id,
    title: event.title,
    url: `${publicUrl}${eventPath(event)}`,
    startsAt: event.startsAt.toISOString(),
    club: placeName(event) ?? PLACE_TO_BE_ANNOUNCED,
    flyerUrl: flyer === null ? null : `${publicUrl}${flyer}`,
    isTop: event.isTop,
    cancelled: event.status === "cancelled",
    genres: event.genres.map((genre) => genre.name),
  };
}

/**
 * What the issue for the weekend starting `friday` lists: first the weekend's top events (whose
 * paid period covers their night), then the Friday, Saturday and Sunday nights that have
 * parties, each with its first MAX_EVENTS_PER_NIGHT parties (top events first, then by start,
 * as the site lists them) and how many more the calendar has.
 */
export async function buildIssueContent(
  deps: DomainDeps,
  friday: string,
): Promise<NewsletterIssueContent> {
  const sunday = addDays(friday, 2);
  const topEvents = await topEventsOfNights(deps, friday, sunday);
  const nights = await listPartyNights(
    deps,
    { dateFrom: friday, dateTo: sunday },
    { page: 1, pageSize: 3 },
    { firstNight: MAX_EVENTS_PER_NIGHT, laterNights: MAX_EVENTS_PER_NIGHT },
  );
  return {
    topEvents: topEvents.map((event) => toIssueEvent(deps, event)),
    nights: nights.items.map(({ night, count, events }) => ({
      night,
      events: events.map((event) => toIssueEvent(deps, event)),
      moreCount: count - events.length,
    })),
  };
}

/** A weekend worth a mail has at least one party that is not cancelled. */
export function hasParties(content: NewsletterIssueContent): boolean {
  return content.nights.some((night) => night.events.some((event) => !event.cancelled));
}
