import { useState } from "react";
import { useFollows } from "#app/lib/follows-store.ts";
import { useSavedParties } from "#app/lib/saved-parties-store.ts";
import { savingFailedText, showSavedPartyNotice } from "#app/lib/saved-party-notice.ts";
import { remindToggleClass } from "./remind-toggle-class.ts";

/** "Erinnern" for a browser without an account (decision 0224): its own choice, one push. */
export default function BrowserRemindToggle({ partyId }: { partyId: number }) {
  const saved = useSavedParties();
  const follows = useFollows();
  const [busy, setBusy] = useState(false);
  if (saved === null || follows === null) return null;
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
      className={remindToggleClass}
    >
      Erinnern
    </button>
  );
}
