import { useState } from "react";
import { Form } from "react-router";
import { CsrfField } from "#app/components/forms/csrf-field.tsx";
import { useFollows } from "#app/lib/follows-store.ts";
import { useSavedParties } from "#app/lib/saved-parties-store.ts";
import { savingFailedText, showSavedPartyNotice } from "#app/lib/saved-party-notice.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";

const toggle =
  "inline-flex min-h-11 items-center gap-2 rounded-full border border-line px-5 font-semibold hover:border-ink disabled:opacity-60 aria-pressed:border-accent aria-pressed:text-accent";

/** The account's side: its choice for this party (null: not saved) and the form's token. */
export interface AccountReminder {
  remind: boolean | null;
  csrfToken: string;
}

/**
 * "Erinnern" on the party page, next to the heart, once the party is saved. Signed in, it is the
 * account's choice — one mail on the party's afternoon (decision 0222) — as a plain form post to
 * the party page, so it works without JavaScript. Without an account it is this browser's
 * choice — one push (decision 0224) — shown once the page has hydrated; turning it on switches
 * notifications on first.
 */
export function RemindToggle({
  partyId,
  account,
}: {
  partyId: number;
  /** Null for a visitor without a session. */
  account: AccountReminder | null;
}) {
  if (account === null) return <BrowserRemindToggle partyId={partyId} />;
  if (account.remind === null) return null;
  return (
    <Form method="post" preventScrollReset>
      <CsrfField token={account.csrfToken} />
      <input type="hidden" name="wanted" value={account.remind ? "off" : "on"} />
      <button
        type="submit"
        name="intent"
        value="remind"
        aria-pressed={account.remind}
        title="Eine E-Mail am Tag der Party"
        className={toggle}
      >
        Erinnern
      </button>
    </Form>
  );
}

function BrowserRemindToggle({ partyId }: { partyId: number }) {
  const hydrated = useHydrated();
  const saved = useSavedParties();
  const follows = useFollows();
  const [busy, setBusy] = useState(false);
  if (!hydrated || saved === null || follows === null) return null;
  // A list that mirrors an account belongs to a session that just ended: nothing to choose here.
  if (saved.owner !== null || !saved.parties.some((party) => party.id === partyId)) return null;
  const on = follows.reminders.includes(partyId);
  const change = async () => {
    setBusy(true);
    const reminders = await import("#app/lib/browser-reminders.ts").catch(() => null);
    if (reminders === null) showSavedPartyNotice(savingFailedText);
    else await reminders.setBrowserReminder(partyId, !on);
    setBusy(false);
  };
  return (
    <button
      type="button"
      aria-pressed={on}
      disabled={busy}
      title="Eine Benachrichtigung am Tag der Party"
      onClick={() => void change()}
      className={toggle}
    >
      Erinnern
    </button>
  );
}
