import { NEWSLETTER_SUCCESS_HEADING, NEWSLETTER_SUCCESS_TEXT } from "#common/newsletter-consent.ts";

/** SPEC §4: what a successful sign-up shows, in the popup and on the page. */
export function SubscribedMessage({ headingId }: { headingId?: string }) {
  return (
    <div role="status" className="flex flex-col gap-2">
      <p id={headingId} className="font-display text-2xl font-bold">
        {NEWSLETTER_SUCCESS_HEADING}
      </p>
      <p>{NEWSLETTER_SUCCESS_TEXT}</p>
    </div>
  );
}
