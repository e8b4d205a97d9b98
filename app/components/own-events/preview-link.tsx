import { useState } from "react";
import { Form } from "react-router";
import { partyPreviewPath } from "#common/urls.ts";
import { CsrfField } from "#app/components/forms/csrf-field.tsx";
import { useHydrated } from "#app/lib/use-hydrated.ts";

/**
 * The team's secret preview link of a party not yet public (decision 0236): open it, copy it,
 * or (with `renew`) make a new one, which ends the old.
 */
export function PreviewLink({
  eventId,
  title,
  token,
  renew,
}: {
  eventId: number;
  title: string;
  token: string | null;
  /** The CSRF token for "Neuer Vorschau-Link" (a post with intent "preview-link"); none: no button. */
  renew?: { csrfToken: string };
}) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  const path = token === null ? null : partyPreviewPath(token);
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      {path ? (
        <>
          <a
            href={path}
            target="_blank"
            rel="noopener"
            className="font-semibold text-accent underline underline-offset-4"
          >
            Vorschau ansehen
          </a>
          {hydrated ? (
            <button
              type="button"
              aria-label={`Vorschau-Link kopieren: ${title}`}
              className="min-h-11 rounded-full border border-line px-4 font-semibold hover:border-accent"
              onClick={() => {
                const address = new URL(path, window.location.origin).href;
                void navigator.clipboard.writeText(address).then(() => setCopied(true));
              }}
            >
              {copied ? "Kopiert!" : "Vorschau-Link kopieren"}
            </button>
          ) : null}
        </>
      ) : null}
      {renew ? (
        <Form method="post" className="contents">
          <CsrfField token={renew.csrfToken} />
          <input type="hidden" name="event" value={eventId} />
          <button
            type="submit"
            name="intent"
            value="preview-link"
            aria-label={`Neuer Vorschau-Link: ${title}`}
            className="min-h-11 rounded-full border border-line px-4 font-semibold hover:border-accent"
          >
            Neuer Vorschau-Link
          </button>
        </Form>
      ) : null}
    </div>
  );
}
