import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { NEWSLETTER_POPUP_COOKIE, NEWSLETTER_POPUP_DELAY_MS } from "#common/constants.ts";
import { useConsentPending } from "#app/components/consent/consent-banner-state.ts";
import { readCookie, rememberPopupDone } from "./browser-cookies.ts";
import type { NewsletterForm as NewsletterFormComponent } from "./newsletter-form.tsx";

/**
 * SPEC §4: hidden at first; shown 30 s after the page loaded unless the `newsletter-popup`
 * cookie exists. Closing it or subscribing sets the cookie. Not over the newsletter's own pages,
 * and never over an unanswered consent dialog: it waits until the visitor has answered that.
 */
export function NewsletterPopup() {
  // The form (with its validation library) loads only when the popup is due, 30 s after the
  // page: it stays out of the JavaScript every page needs at first. The popup opens once the
  // form is there, so it appears at its full height and its close button never moves under a
  // finger. Null while the popup is closed.
  const [NewsletterForm, setNewsletterForm] = useState<typeof NewsletterFormComponent | null>(null);
  // The newsletter's own pages (sign-up, confirm, unsubscribe, past issues) need no advert.
  const onNewsletterPage = useLocation().pathname.startsWith("/newsletter");
  const consentPending = useConsentPending();

  useEffect(() => {
    if (readCookie(NEWSLETTER_POPUP_COOKIE) !== null) return;
    // Counted from the page load (navigation start), not from when the app became interactive.
    let due = true;
    const timer = setTimeout(
      () =>
        import("./newsletter-form.tsx").then(
          (module) => due && setNewsletterForm(() => module.NewsletterForm),
          // Offline without the form's code, the popup has nothing to offer: it stays away.
          () => undefined,
        ),
      Math.max(0, NEWSLETTER_POPUP_DELAY_MS - performance.now()),
    );
    return () => {
      due = false;
      clearTimeout(timer);
    };
  }, []);

  if (!NewsletterForm || onNewsletterPage || consentPending) return null;
  const close = () => {
    rememberPopupDone();
    setNewsletterForm(null);
  };
  return (
    <section
      role="dialog"
      aria-labelledby="newsletter-popup-title"
      onKeyDown={(event) => {
        if (event.key === "Escape") close();
      }}
      className="fixed inset-x-3 bottom-3 z-40 mx-auto max-w-md rounded-2xl border border-line bg-card p-5 shadow-2xl sm:right-6 sm:bottom-6 sm:left-auto"
    >
      <button
        type="button"
        onClick={close}
        aria-label="Schließen"
        className="absolute top-2 right-2 grid size-11 place-items-center rounded-full text-2xl leading-none text-muted hover:text-ink"
      >
        ×
      </button>
      <h2 id="newsletter-popup-title" className="mb-1 pr-10 font-display text-xl font-bold">
        Das Wochenende in Deinem Postfach
      </h2>
      <p className="mb-4 text-sm text-muted">
        Jeden Donnerstag die Partys von Freitag bis Sonntag – Top-Events zuerst.
      </p>
      <NewsletterForm form="popup" onSubscribed={rememberPopupDone} />
    </section>
  );
}
