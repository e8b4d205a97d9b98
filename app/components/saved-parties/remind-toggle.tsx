import { lazy, Suspense } from "react";
import { Form } from "react-router";
import { CsrfField } from "#app/components/forms/csrf-field.tsx";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { remindToggleClass } from "./remind-toggle-class.ts";

// The browser's side needs the follows store (and zod with it): loaded once the page runs, so a
// party page's first load stays free of it (decision 0194).
const BrowserRemindToggle = lazy(() => import("./browser-remind-toggle.tsx"));

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
  const hydrated = useHydrated();
  if (account === null) {
    return hydrated ? (
      <Suspense fallback={null}>
        <BrowserRemindToggle partyId={partyId} />
      </Suspense>
    ) : null;
  }
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
        className={remindToggleClass}
      >
        Erinnern
      </button>
    </Form>
  );
}
