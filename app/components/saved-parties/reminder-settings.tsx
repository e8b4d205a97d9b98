import { Form } from "react-router";
import { formatDateTime } from "#common/dates.ts";
import { savedPartiesPath } from "#common/urls.ts";
import { CsrfField } from "#app/components/forms/csrf-field.tsx";
import type { ReminderSettings } from "#server/domain/reminders/reminder-settings.server.ts";

const toggle =
  "inline-flex min-h-11 items-center rounded-full border border-line px-5 font-semibold hover:border-ink aria-pressed:border-accent aria-pressed:text-accent";

/** A button that posts the opposite of its pressed state. */
function ToggleForm({
  csrfToken,
  intent,
  pressed,
  label,
  name,
  eventId,
}: {
  csrfToken: string;
  intent: "remind" | "remind-default";
  pressed: boolean;
  label: string;
  /** The accessible name, when the visible label repeats (one per party). */
  name?: string;
  eventId?: number;
}) {
  return (
    <Form method="post" action={savedPartiesPath} preventScrollReset>
      <CsrfField token={csrfToken} />
      {eventId === undefined ? null : <input type="hidden" name="event" value={eventId} />}
      <input type="hidden" name="wanted" value={pressed ? "off" : "on"} />
      <button
        type="submit"
        name="intent"
        value={intent}
        aria-pressed={pressed}
        aria-label={name}
        className={toggle}
      >
        {label}
      </button>
    </Form>
  );
}

/**
 * "Erinnerungen" on "Gemerkt" for a signed-in account (decision 0222): the default for new saves
 * and "Erinnern" per saved party still to come — one mail at 15:00 on the party's day.
 */
export function ReminderSettingsSection({
  settings,
  csrfToken,
  timeZone,
}: {
  settings: ReminderSettings;
  csrfToken: string;
  timeZone: string;
}) {
  return (
    <section aria-labelledby="erinnerungen" className="flex max-w-2xl flex-col gap-3">
      <h2 id="erinnerungen" className="text-2xl font-black tracking-tight">
        Erinnerungen
      </h2>
      <p>
        Mit „Erinnern“ (hier oder auf der Seite der Party) schicken wir Dir am Tag der Party um 15
        Uhr eine E-Mail: wann und wo, und wann die Artists spielen, denen Du folgst. Für abgesagte
        Partys kommt keine Erinnerung.
      </p>
      <ToggleForm
        csrfToken={csrfToken}
        intent="remind-default"
        pressed={settings.byDefault}
        label="Gemerkte Partys automatisch erinnern"
      />
      {settings.parties.length > 0 ? (
        <ul className="flex flex-col gap-2">
          {settings.parties.map((party) => (
            <li
              key={party.id}
              className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-line p-4"
            >
              <span className="min-w-0 [overflow-wrap:anywhere]">
                <strong>{party.title}</strong>
                <span className="block text-sm text-muted">
                  {formatDateTime(party.startsAt, timeZone)}
                </span>
              </span>
              <ToggleForm
                csrfToken={csrfToken}
                intent="remind"
                pressed={party.remind}
                label="Erinnern"
                name={`Erinnern: ${party.title}`}
                eventId={party.id}
              />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
