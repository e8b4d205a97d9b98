import { Form, Link, useActionData } from "react-router";
import { partyNightOf } from "#common/dates.ts";
import { nightHeading } from "#common/night-headings.ts";
import { countOf, nouns } from "#common/plural.ts";
import { savedPartiesPath } from "#common/urls.ts";
import { CsrfField } from "#app/components/forms/csrf-field.tsx";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import { BrowserReminderSettings } from "#app/components/saved-parties/browser-reminder-settings.tsx";
import { ReminderSettingsSection } from "#app/components/saved-parties/reminder-settings.tsx";
import { SavedPartyRow } from "#app/components/saved-parties/saved-party-row.tsx";
import {
  savedPartiesByNight,
  type SavedNight,
} from "#app/components/saved-parties/saved-party-nights.ts";
import { formAction } from "#app/lib/form-action.server.ts";
import { privatePageMeta } from "#app/lib/private-page-meta.ts";
import { publicPageHeaders } from "#app/lib/public-page-headers.ts";
import { loginPath } from "#app/lib/return-path.ts";
import { requireUser } from "#app/lib/session.server.ts";
import { useSavedParties } from "#app/lib/saved-parties-store.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import {
  reminderSettings,
  setPartyReminder,
  setReminderDefault,
} from "#server/domain/reminders/reminder-settings.server.ts";
import {
  renewSavedPartiesFeed,
  savedPartiesFeedUrl,
} from "#server/domain/saved-parties/saved-parties-feed.server.ts";
import type { Route } from "./+types/saved-parties-page";

/**
 * "Gemerkt" (decision 0180): the saved parties by night, read from this browser's storage (the
 * account's list mirrors into it), so the page works offline from the service worker's copy. Its
 * HTML is the same for every visitor without a session; signed in, it offers the personal
 * calendar feed (decision 0182) and the reminders by mail (decision 0222); without, this
 * browser's default for reminders by push (decision 0224).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { deps, session } = context;
  const user = session.user;
  return {
    timeZone: deps.config.city.timeZone,
    feed: user
      ? { url: await savedPartiesFeedUrl(deps, user.id), csrfToken: session.csrfToken }
      : null,
    reminders: user ? await reminderSettings(deps, user.id) : null,
  };
}

/**
 * "Neue Adresse erzeugen": the feed's old address stops answering. "Erinnern" (`remind`) per
 * saved party and the default for new saves (`remind-default`).
 */
export const action = (args: Route.ActionArgs) =>
  formAction(args, async ({ values, intent }) => {
    const user = requireUser(args.request, args.context);
    const { deps } = args.context;
    const wanted = values.wanted === "on";
    if (intent === "remind") {
      await setPartyReminder(deps, user.id, { event: values.event, wanted });
      return { success: wanted ? "Wir erinnern Dich an die Party." : "Erinnerung aus." };
    }
    if (intent === "remind-default") {
      await setReminderDefault(deps, user.id, wanted);
      return {
        success: wanted
          ? "Neu gemerkte Partys erinnern Dich ab jetzt."
          : "Neu gemerkte Partys erinnern Dich nicht mehr von selbst.",
      };
    }
    await renewSavedPartiesFeed(deps, user.id);
    return {
      success: "Dein Kalender hat eine neue Adresse. Die alte funktioniert nicht mehr.",
    };
  });

/** The same for every visitor without a session (the list is theirs alone, in their browser). */
export const headers = publicPageHeaders;

export const meta = privatePageMeta("Gemerkt");

const webcal = (url: string) => url.replace(/^https?:/, "webcal:");

function Night({
  entry,
  tonight,
  timeZone,
}: {
  entry: SavedNight;
  tonight: string;
  timeZone: string;
}) {
  const headingId = `gemerkt-${entry.night}`;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="flex items-baseline justify-between gap-3 text-xl font-black">
        <span>{nightHeading(entry.night, tonight)}</span>
        <span className="tabular text-sm font-semibold text-muted">
          {countOf(entry.parties.length, nouns.party)}
        </span>
      </h2>
      <ul className="flex flex-col gap-2">
        {entry.parties.map((party) => (
          <SavedPartyRow key={party.id} party={party} timeZone={timeZone} />
        ))}
      </ul>
    </section>
  );
}

function SavedList({ timeZone }: { timeZone: string }) {
  const stored = useSavedParties();
  if (stored === null) return null;
  const { parties } = stored;
  // The visitor's clock decides which nights are past: the page may be an offline copy.
  const tonight = partyNightOf(new Date(), timeZone);
  const { upcoming, past } = savedPartiesByNight(parties, tonight, timeZone);
  if (parties.length === 0) {
    return (
      <div className="flex flex-col items-start gap-4 rounded-2xl border border-line p-6">
        <p className="text-lg">
          Du hast noch keine Party gemerkt. Tipp bei einer Party auf das Herz, dann findest Du sie
          hier – auch ohne Netz.
        </p>
        <Link
          to="/"
          className="inline-flex min-h-11 items-center rounded-full bg-accent px-6 font-semibold text-accent-ink"
        >
          Partys heute Nacht
        </Link>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-8">
      {upcoming.length === 0 ? (
        <p className="text-lg">Keine Deiner gemerkten Partys liegt noch vor Dir.</p>
      ) : (
        upcoming.map((entry) => (
          <Night key={entry.night} entry={entry} tonight={tonight} timeZone={timeZone} />
        ))
      )}
      {past.length > 0 ? (
        <details className="flex flex-col gap-4">
          <summary className="min-h-11 cursor-pointer py-2 text-xl font-black">Vorbei</summary>
          <div className="flex flex-col gap-6 pt-2">
            {past.map((entry) => (
              <Night key={entry.night} entry={entry} tonight={tonight} timeZone={timeZone} />
            ))}
          </div>
        </details>
      ) : null}
    </div>
  );
}

export default function SavedPartiesPage({ loaderData }: Route.ComponentProps) {
  const hydrated = useHydrated();
  const result = useActionData<typeof action>();
  const { feed, reminders, timeZone } = loaderData;
  const remindResult = result?.intent?.startsWith("remind") ? result : undefined;
  const feedResult = remindResult ? undefined : result;
  return (
    <section className="flex flex-col gap-8 py-6">
      <h1 className="text-4xl font-black tracking-tight sm:text-5xl">Gemerkt</h1>
      {hydrated ? (
        <SavedList timeZone={timeZone} />
      ) : (
        <noscript>
          <p className="text-lg">
            Deine gemerkten Partys liegen in Deinem Browser. Um sie zu sehen, braucht diese Seite
            JavaScript.
          </p>
        </noscript>
      )}
      {reminders && feed ? (
        <>
          <ReminderSettingsSection
            settings={reminders}
            csrfToken={feed.csrfToken}
            timeZone={timeZone}
          />
          <FormAlert kind="success">{remindResult?.success}</FormAlert>
          <FormAlert kind="error">
            {remindResult?.formError ?? remindResult?.fieldErrors.event?.[0]}
          </FormAlert>
        </>
      ) : hydrated ? (
        <BrowserReminderSettings />
      ) : null}
      <section aria-labelledby="kalender" className="flex max-w-2xl flex-col gap-3">
        <h2 id="kalender" className="text-2xl font-black tracking-tight">
          Als Kalender abonnieren
        </h2>
        {feed ? (
          <>
            <p>
              Deine gemerkten Partys erscheinen in Deinem Kalender und bleiben dort aktuell. Die
              Adresse ist geheim: Wer sie kennt, sieht Deine Liste.
            </p>
            <div className="flex flex-wrap gap-3">
              <a
                href={webcal(feed.url)}
                className="inline-flex min-h-11 items-center rounded-full bg-accent px-6 font-semibold text-accent-ink"
              >
                Kalender abonnieren
              </a>
              <Form method="post" action={savedPartiesPath}>
                <CsrfField token={feed.csrfToken} />
                <button
                  type="submit"
                  className="inline-flex min-h-11 items-center rounded-full border border-line px-5 font-semibold hover:border-ink"
                >
                  Neue Adresse erzeugen
                </button>
              </Form>
            </div>
            <p className="text-sm text-muted [overflow-wrap:anywhere]">
              Adresse: <code>{feed.url}</code>
            </p>
            <FormAlert kind="success">{feedResult?.success}</FormAlert>
            <FormAlert kind="error">{feedResult?.formError}</FormAlert>
          </>
        ) : (
          <p>
            <Link
              to={loginPath(savedPartiesPath)}
              className="font-semibold underline underline-offset-4"
            >
              Melde Dich an
            </Link>
            , um Deine Merkliste als Kalender zu abonnieren und Dich per E-Mail an Partys erinnern
            zu lassen.
          </p>
        )}
      </section>
    </section>
  );
}
