import type { AppLoadContext } from "react-router";
import { formatDateTime, formatNight, partyNightOf } from "#common/dates.ts";
import { doorLines } from "#common/door-fact-texts.ts";
import { priceLabel } from "#common/money.ts";
import { topEventBadge } from "#common/top-event-badge.ts";
import { PLACE_TO_BE_ANNOUNCED, placeAfterDate, placeWithAddress } from "#common/party-place.ts";
import {
  clubPath,
  doorWordsPath,
  editEventPath,
  eventPath,
  promoteEventPath,
  genrePath,
  mediaUrl,
  organizerPath,
} from "#common/urls.ts";
import { clubMapUrl, getClub } from "#server/domain/clubs/clubs.server.ts";
import { partyGettingThere } from "#server/domain/clubs/getting-there.server.ts";
import {
  descriptionHtml,
  descriptionSnippet,
} from "#server/domain/events/event-description.server.ts";
import { mayActOn } from "#server/domain/events/event-ownership.server.ts";
import {
  doorWordRefusal,
  liveDoorWordsOfParty,
} from "#server/domain/door-words/door-words.server.ts";
import type { EventDetail } from "#server/domain/event-query/event-model.ts";
import { partyTimetable } from "#server/domain/lineups/party-timetable.server.ts";
import { otherPartiesThatNight } from "#server/domain/listings/party-nights.server.ts";
import { partyReminderOf } from "#server/domain/reminders/reminder-settings.server.ts";
import { eventJsonLd } from "#server/domain/seo/event-json-ld.server.ts";
import { savedPartyOfSummary } from "#server/domain/saved-parties/saved-party-list.server.ts";
import { siteIdentity } from "#server/domain/settings/site-settings.server.ts";
import { partyShareImage } from "#server/domain/seo/share-images.server.ts";
import { eventCards } from "#app/lib/event-cards.server.ts";
/**
 * What the party page shows of a party: the public page and the team's preview (decision 0236)
 * alike. A preview offers no "Erinnern" and counts no view.
 */
export async function partyPageData(
  context: AppLoadContext,
  event: EventDetail,
  options: { preview: boolean } = { preview: false },
) {
  const { deps } = context;
  const { publicUrl, city } = deps.config;
  const { siteName, cityName } = await siteIdentity(deps);
  const timeZone = city.timeZone;
  const url = `${publicUrl}${eventPath(event)}`;
  const snippet = descriptionSnippet(event.description);
  const when = formatDateTime(event.startsAt, timeZone);
  const flyer = mediaUrl(event.flyerPath);
  const [others, { lineup, timetable }, club, doorWords] = await Promise.all([
    otherPartiesThatNight(deps, event),
    partyTimetable(deps, event),
    event.location ? getClub(deps, event.location.id) : null,
    liveDoorWordsOfParty(deps, event.id),
  ]);
  const viewer = context.session.user;
  // The party's team or creator (decision 0232); an admin's own edit handle is elsewhere.
  const asOrganiser = viewer ? { id: viewer.id, role: "user" as const } : null;
  const [own, mayPromote] = asOrganiser
    ? await Promise.all([
        mayActOn(deps, asOrganiser, event.id),
        mayActOn(deps, asOrganiser, event.id, ["owner"]),
      ])
    : [false, false];
  const ownUpcoming = mayPromote && event.status === "published" && event.startsAt > deps.now();
  // Signed in, "Erinnern" is the account's (decision 0222); such answers are private anyway.
  const reminder = viewer
    ? {
        remind: await partyReminderOf(deps, viewer.id, event.id),
        csrfToken: context.session.csrfToken,
      }
    : null;
  // Admins may post too (and remove): the page links them there during the night as well.
  const mayManage = own || viewer?.role === "admin";
  return {
    // A reminder goes out only for a party still to come that is not cancelled.
    remindable: !options.preview && event.status === "published" && event.startsAt > deps.now(),
    preview: options.preview,
    reminder,
    editPath: own ? editEventPath(event.id) : null,
    promotePath: ownUpcoming ? promoteEventPath(event.id) : null,
    doorWordsPath:
      mayManage && doorWordRefusal(deps, event) === null ? doorWordsPath(event.id) : null,
    saved: savedPartyOfSummary(event),
    event: {
      id: event.id,
      title: event.title,
      cancelled: event.status === "cancelled",
      topBadge: topEventBadge(event.isTop),
      night: event.night,
      start: when,
      end: event.endsAt ? formatDateTime(event.endsAt, timeZone) : null,
      flyer,
      location: event.location
        ? { ...event.location, path: clubPath(event.location), mapUrl: clubMapUrl(event.location) }
        : null,
      place: placeWithAddress(event) ?? PLACE_TO_BE_ANNOUNCED,
      organizers: event.organizers.map((organizer) => ({
        ...organizer,
        path: organizerPath(organizer),
      })),
      genres: event.genres.map((genre) => ({ ...genre, path: genrePath(genre) })),
      price: priceLabel(event),
      doorLines: doorLines(event.doorFacts),
      doorWords: doorWords.map(({ id, text, time }) => ({ id, text, time })),
      ticketUrl: event.ticketUrl,
      descriptionHtml: descriptionHtml(event.description),
      mediaUrls: event.mediaUrls,
    },
    tonight: partyNightOf(deps.now(), timeZone),
    timeZone,
    others: eventCards(others),
    timetable,
    gettingThere: partyGettingThere(deps, club, event),
    jsonLd: eventJsonLd(event, { publicUrl, timeZone, description: snippet }, lineup),
    seo: {
      siteName,
      title: `${event.title} – ${formatNight(event.night)}${placeAfterDate(event)} | ${siteName}`,
      description:
        snippet ||
        `${event.title}: ${when}${placeAfterDate(event)} in ${cityName}. Alle Infos, Tickets und weitere Partys.`,
      url,
      image: await partyShareImage(deps, event),
    },
  };
}
