/**
 * The consent text shown beside every newsletter form, and its version. The version is stored with
 * each sign-up as proof of what was agreed to (Art. 7 DSGVO): change both together.
 */
export const NEWSLETTER_CONSENT_VERSION = "2026-11-newsletter-1";

export const NEWSLETTER_CONSENT_TEXT =
  "Mit der Anmeldung bekommst Du jeden Donnerstag eine E-Mail mit den Partys des Wochenendes. " +
  "Du bestätigst die Anmeldung über einen Link, den wir Dir schicken, und kannst Dich jederzeit " +
  "mit einem Klick wieder abmelden.";

/** Which form a sign-up came from; stored with the proof of consent. */
export const NEWSLETTER_SIGNUP_FORMS = ["popup", "page", "api"] as const;
export type NewsletterSignupForm = (typeof NEWSLETTER_SIGNUP_FORMS)[number];

/** SPEC §4: what the popup and the page say after a successful sign-up. */
export const NEWSLETTER_SUCCESS_HEADING = "Fast geschafft!";
export const NEWSLETTER_SUCCESS_TEXT =
  "Bitte bestätige noch die E-Mail, die wir Dir zugesendet haben.";
