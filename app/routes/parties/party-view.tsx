import { Link, useActionData, useRevalidator } from "react-router";
import { flyerUrlSrcSet } from "#common/flyer-sizes.ts";
import { nightHeading } from "#common/night-headings.ts";
import { partyCalendarPath, reportEventPath } from "#common/urls.ts";
import { ExternalMediaEmbed } from "#app/components/consent/external-media-embed.tsx";
import { DoorFactsCard } from "#app/components/door-facts/door-facts-card.tsx";
import { DoorWordsCard } from "#app/components/door-words/door-words-card.tsx";
import { EventGrid } from "#app/components/event-list-grid.tsx";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import { RemindToggle } from "#app/components/saved-parties/remind-toggle.tsx";
import { SaveHeart } from "#app/components/saved-parties/save-heart.tsx";
import { Timetable } from "#app/components/lineup/timetable.tsx";
import { GettingThere } from "#app/components/getting-there/getting-there.tsx";
import { jsonLdText } from "#app/lib/seo-meta.ts";
import type { partyPageData } from "./party-page-data.server.ts";
import { OwnerActions } from "./owner-actions.tsx";
import type { partyReminderAction } from "./party-reminder-action.server.ts";
import { ShareButton } from "./share-button.tsx";
import { useViewCounter } from "./use-view-counter.ts";

/** The flyer's drawn width: a third of the screen's height on phones, the left column above. */
const PAGE_FLYER_SIZES = "(width < 48rem) 34vh, 30rem";

export type PartyPageData = Awaited<ReturnType<typeof partyPageData>>;

/** The party page's body; the preview (decision 0236) marks itself and counts no view. */
export function PartyView({ loaderData }: { loaderData: PartyPageData }) {
  const { event, others, timeZone, tonight, seo, promotePath, timetable, gettingThere } =
    loaderData;
  useViewCounter(loaderData.preview ? null : event.id);
  const revalidator = useRevalidator();
  const reminderResult = useActionData<typeof partyReminderAction>();
  return (
    <div className="flex flex-col gap-12 py-6">
      <script
        type="application/ld+json"
        dangerouslySetInnerHTML={{ __html: jsonLdText(loaderData.jsonLd) }}
      />
      {loaderData.preview ? (
        <p
          role="status"
          className="rounded-2xl border-2 border-dashed border-accent px-4 py-3 font-semibold"
        >
          Vorschau – noch nicht öffentlich
        </p>
      ) : null}
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
