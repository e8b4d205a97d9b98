import { useState } from "react";
import { useFollows } from "#app/lib/follows-store.ts";
import { savingFailedText, showSavedPartyNotice } from "#app/lib/saved-party-notice.ts";

const toggle =
  "inline-flex min-h-11 items-center self-start rounded-full border border-line px-5 font-semibold hover:border-ink disabled:opacity-60 aria-pressed:border-accent aria-pressed:text-accent";

/**
 * "Erinnerungen" on "Gemerkt" for a browser without an account (decision 0224): the default for
 * new saves — one push at 15:00 on the party's day; each party's own choice is "Erinnern" on its
 * page. Rendered after hydration (the choice lives in this browser).
 */
export function BrowserReminderSettings() {
  const follows = useFollows();
  const [busy, setBusy] = useState(false);
  if (follows === null) return null;
  const change = async () => {
    setBusy(true);
    const reminders = await import("#app/lib/browser-reminders.ts").catch(() => null);
    if (reminders === null) showSavedPartyNotice(savingFailedText);
    else await reminders.setBrowserReminderDefault(!follows.remindSaved);
    setBusy(false);
  };
  return (
    <section aria-labelledby="erinnerungen" className="flex max-w-2xl flex-col gap-3">
      <h2 id="erinnerungen" className="text-2xl font-black tracking-tight">
        Erinnerungen
      </h2>
      <p>
        Tippe auf der Seite einer gemerkten Party auf „Erinnern“, dann schicken wir Dir am Tag der
        Party um 15 Uhr eine Benachrichtigung: wann und wo, und wann die Artists spielen, denen Du
        folgst. Für abgesagte Partys kommt keine Erinnerung.
      </p>
      <button
        type="button"
        aria-pressed={follows.remindSaved}
        disabled={busy}
        onClick={() => void change()}
        className={toggle}
      >
        Gemerkte Partys automatisch erinnern
      </button>
    </section>
  );
}
