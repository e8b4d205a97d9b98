import { Link, redirect, useActionData, useRevalidator } from "react-router";
import { formatDateTime, formatNight, partyNightOf } from "#common/dates.ts";
import { flyerUrlSrcSet } from "#common/flyer-sizes.ts";
import { doorLines } from "#common/door-fact-texts.ts";
import { priceLabel } from "#common/money.ts";
import { topEventBadge } from "#common/top-event-badge.ts";
import { nightHeading } from "#common/night-headings.ts";
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
  partyCalendarPath,
  reportEventPath,
} from "#common/urls.ts";
import { clubMapUrl, getClub } from "#server/domain/clubs/clubs.server.ts";
import { partyGettingThere } from "#server/domain/clubs/getting-there.server.ts";
import {
  descriptionHtml,
  descriptionSnippet,
} from "#server/domain/events/event-description.server.ts";
import { mayActOn } from "#server/domain/events/event-ownership.server.ts";
import { getPublicEvent } from "#server/domain/events/public-events.server.ts";
import {
  doorWordRefusal,
  liveDoorWordsOfParty,
} from "#server/domain/door-words/door-words.server.ts";
import { partyTimetable } from "#server/domain/lineups/party-timetable.server.ts";
import { otherPartiesThatNight } from "#server/domain/listings/party-nights.server.ts";
import { partyReminderOf } from "#server/domain/reminders/reminder-settings.server.ts";
import { eventJsonLd } from "#server/domain/seo/event-json-ld.server.ts";
import { savedPartyOfSummary } from "#server/domain/saved-parties/saved-party-list.server.ts";
import { siteIdentity } from "#server/domain/settings/site-settings.server.ts";
import { ExternalMediaEmbed } from "#app/components/consent/external-media-embed.tsx";
import { DoorFactsCard } from "#app/components/door-facts/door-facts-card.tsx";
import { DoorWordsCard } from "#app/components/door-words/door-words-card.tsx";
import { EventGrid } from "#app/components/event-list-grid.tsx";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import { RemindToggle } from "#app/components/saved-parties/remind-toggle.tsx";
import { SaveHeart } from "#app/components/saved-parties/save-heart.tsx";
import { Timetable } from "#app/components/lineup/timetable.tsx";
import { GettingThere } from "#app/components/getting-there/getting-there.tsx";
import { eventCards } from "#app/lib/event-cards.server.ts";
import { orNotFound } from "#app/lib/not-found.server.ts";
import { publicPageHeaders } from "#app/lib/public-page-headers.ts";
import { parseId } from "#app/lib/route-params.ts";
import { jsonLdText, seoMeta } from "#app/lib/seo-meta.ts";
import type { AdminEditHandle } from "#app/components/layout/admin-edit-link.ts";
import type { Route } from "./+types/party-page";
import { OwnerActions } from "./owner-actions.tsx";
import { partyReminderAction } from "./party-reminder-action.server.ts";
import { ShareButton } from "./share-button.tsx";
import { useViewCounter } from "./use-view-counter.ts";
import { partyShareImage } from "#server/domain/seo/share-images.server.ts";

export const headers = publicPageHeaders;

/** The flyer's drawn width: a third of the screen's height on phones, the left column above. */
const PAGE_FLYER_SIZES = "(width < 48rem) 34vh, 30rem";

export const handle = {
  adminEdit: (data: { event: { id: number } }) => ({
    to: editEventPath(data.event.id),
    label: "Party bearbeiten",
  }),
} satisfies AdminEditHandle;

export async function loader({ params, context }: Route.LoaderArgs) {
  const { deps } = context;
  const event = await orNotFound(getPublicEvent(deps, parseId(params.id)));
  if (params.slug !== event.slug) throw redirect(eventPath(event), 301);
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
    remindable: event.status === "published" && event.startsAt > deps.now(),
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

/** "Erinnern" of a signed-in account for this party (the toggle's plain form post). */
export const action = (args: Route.ActionArgs) =>
  partyReminderAction(args, parseId(args.params.id));

export function meta({ data }: Route.MetaArgs) {
  if (!data) return [];
  return seoMeta({ ...data.seo, type: "article" });
}

export default function PartyPage({ loaderData }: Route.ComponentProps) {
  const { event, others, timeZone, tonight, seo, promotePath, timetable, gettingThere } =
    loaderData;
  useViewCounter(event.id);
  const revalidator = useRevalidator();
  const reminderResult = useActionData<typeof action>();
  return (
    <div className="flex flex-col gap-12 py-6">
      <script
        type="application/ld+json"
        dangerouslySetInnerHTML={{ __html: jsonLdText(loaderData.jsonLd) }}
      />
      <article className="grid gap-8 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] md:items-start">
        {/* The night first (decision 0212): phones show the flyer above title, time, place and
            price — small enough that these stay on the first screen — then the line-up, the text
            and "Anfahrt"; wider screens keep it in the left column. Its box is reserved, so
            nothing moves while it loads. */}
        <div className="mx-auto w-full max-w-[34svh] overflow-hidden rounded-2xl border border-line bg-line md:sticky md:top-24 md:max-w-none">
          {event.flyer ? (
            <img
              src={event.flyer}
              srcSet={flyerUrlSrcSet(event.flyer)}
              sizes={PAGE_FLYER_SIZES}
              alt={`Flyer: ${event.title}`}
              width={800}
              height={1000}
              fetchPriority="high"
              className="aspect-[4/5] w-full object-cover"
            />
          ) : (
            <div
              aria-hidden="true"
              className="flex aspect-[4/5] items-end bg-gradient-to-br from-accent/30 via-card to-line p-6 text-5xl font-black leading-none text-ink/20 [overflow-wrap:anywhere]"
            >
              {event.title}
            </div>
          )}
        </div>
        <div className="flex flex-col gap-5">
          {event.topBadge || event.cancelled ? (
            <div className="flex flex-wrap gap-2">
              {event.topBadge ? (
                <span className="rounded-full bg-accent px-3 py-1 text-sm font-bold uppercase text-accent-ink">
                  {event.topBadge}
                </span>
              ) : null}
              {event.cancelled ? (
                <span className="rounded-full bg-ink px-3 py-1 text-sm font-bold uppercase text-paper">
                  Abgesagt
                </span>
              ) : null}
            </div>
          ) : null}
          <h1
            className={`text-4xl font-black tracking-tight [overflow-wrap:anywhere] sm:text-5xl ${event.cancelled ? "line-through decoration-4" : ""}`}
          >
            {event.title}
          </h1>
          <p className="text-lg font-semibold text-muted">{nightHeading(event.night, tonight)}</p>
          <OwnerActions
            editPath={loaderData.editPath}
            promotePath={promotePath}
            doorWordsPath={loaderData.doorWordsPath}
          />
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
            <dt className="font-semibold">Beginn</dt>
            <dd className="tabular">{event.start}</dd>
            {event.end ? (
              <>
                <dt className="font-semibold">Ende</dt>
                <dd className="tabular">{event.end}</dd>
              </>
            ) : null}
            <dt className="font-semibold">Ort</dt>
            <dd>
              {event.location ? (
                <>
                  <Link
                    to={event.location.path}
                    className="font-semibold underline underline-offset-4"
                  >
                    {event.location.name}
                  </Link>
                  <br />
                  {event.location.address}, {event.location.postcode} {event.location.city}
                  <br />
                  <a
                    href={event.location.mapUrl}
                    target="_blank"
                    rel="noopener"
                    className="text-accent underline underline-offset-4"
                  >
                    Auf der Karte zeigen
                  </a>
                </>
              ) : (
                event.place
              )}
            </dd>
            {event.organizers.length > 0 ? (
              <>
                <dt className="font-semibold">Veranstalter</dt>
                <dd>
                  {event.organizers.map((organizer, index) => (
                    <span key={organizer.id}>
                      {index > 0 ? ", " : ""}
                      <Link to={organizer.path} className="underline underline-offset-4">
                        {organizer.name}
                      </Link>
                    </span>
                  ))}
                </dd>
              </>
            ) : null}
            {event.genres.length > 0 ? (
              <>
                <dt className="font-semibold">Genres</dt>
                <dd className="flex flex-wrap gap-2">
                  {event.genres.map((genre) => (
                    <Link
                      key={genre.id}
                      to={genre.path}
                      className="rounded-full border border-line px-3 py-0.5 hover:border-ink"
                    >
                      {genre.name}
                    </Link>
                  ))}
                </dd>
              </>
            ) : null}
            {event.price ? (
              <>
                <dt className="font-semibold">Eintritt</dt>
                <dd className="tabular">{event.price}</dd>
              </>
            ) : null}
          </dl>
          <DoorWordsCard words={event.doorWords} />
          <DoorFactsCard lines={event.doorLines} />
          <div className="flex flex-wrap gap-3">
            {event.ticketUrl && !event.cancelled ? (
              <a
                href={event.ticketUrl}
                target="_blank"
                rel="noopener nofollow"
                className="inline-flex min-h-11 items-center rounded-full bg-accent px-6 font-semibold text-accent-ink"
              >
                Tickets
              </a>
            ) : null}
            <a
              href={partyCalendarPath(event.id)}
              className="inline-flex min-h-11 items-center rounded-full border border-line px-5 font-semibold hover:border-ink"
            >
              In Kalender speichern
            </a>
            <SaveHeart
              variant="page"
              party={() => loaderData.saved}
              // Signed in, the account's "Erinnern" shows once the account holds the party.
              onToggled={loaderData.reminder ? () => void revalidator.revalidate() : undefined}
            />
            {loaderData.remindable ? (
              <RemindToggle partyId={event.id} account={loaderData.reminder} />
            ) : null}
            <ShareButton title={event.title} url={seo.url} />
            <Link
              to={reportEventPath(event.id)}
              rel="nofollow"
              className="inline-flex min-h-11 items-center rounded-full px-3 text-sm text-muted underline-offset-4 hover:text-ink hover:underline"
            >
              Fehler melden
            </Link>
          </div>
          <FormAlert kind="success">{reminderResult?.success}</FormAlert>
          <FormAlert kind="error">{reminderResult?.formError}</FormAlert>
          <Timetable
            timetable={timetable}
            party={{
              id: event.id,
              title: event.title,
              path: loaderData.saved.path,
              cancelled: event.cancelled,
              place: gettingThere?.place ?? null,
            }}
          />
          {event.descriptionHtml ? (
            <div
              data-testid="party-description"
              className="flex max-w-prose flex-col gap-3 leading-relaxed [&_a]:text-accent [&_a]:underline [&_h3]:text-xl [&_h3]:font-bold [&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6"
              dangerouslySetInnerHTML={{ __html: event.descriptionHtml }}
            />
          ) : null}
          {gettingThere && !event.cancelled ? <GettingThere {...gettingThere} /> : null}
          {event.mediaUrls.length > 0 ? (
            <section aria-label="Musik und Videos" className="flex flex-col gap-4">
              {event.mediaUrls.map((url) => (
                <ExternalMediaEmbed key={url} url={url} title={event.title} />
              ))}
            </section>
          ) : null}
        </div>
      </article>
      {others.length > 0 ? (
        <section aria-labelledby="mehr-partys" className="flex flex-col gap-4">
          <h2 id="mehr-partys" className="text-2xl font-black tracking-tight">
            Mehr Partys in dieser Nacht
          </h2>
          <EventGrid events={others} timeZone={timeZone} />
        </section>
      ) : null}
    </div>
  );
}
