import { showSavedPartyNotice, useSavedPartyNotice } from "#app/lib/saved-party-notice.ts";

/**
 * Why the last heart tap did not work: an alert that exists only while there is a message (the
 * page keeps no empty live region, decision 0180), until closed.
 */
export function SavedPartyNotice() {
  const message = useSavedPartyNotice();
  if (!message) return null;
  return (
    <div className="fixed inset-x-4 bottom-4 z-50 mx-auto flex max-w-md items-start gap-3 rounded-2xl border border-line bg-raised p-4 shadow-lg">
      <p role="alert" className="flex-1">
        {message}
      </p>
      <button
        type="button"
        onClick={() => showSavedPartyNotice(null)}
        className="inline-flex size-11 flex-none items-center justify-center rounded-full hover:bg-line"
        aria-label="Hinweis schließen"
      >
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}
