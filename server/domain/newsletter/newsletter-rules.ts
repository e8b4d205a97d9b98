/** The newsletter's fixed rules, in one place. */

/**
 * A repeated sign-up of an unconfirmed address sends a new confirmation mail, but not twice in
 * this time (a double submit); over the hour the per-recipient mail cap applies (decision 0091).
 */
export const CONFIRMATION_MAIL_INTERVAL_MS = 60 * 1000;

/** An unconfirmed sign-up (and its confirmation link) is deleted after this many days. */
export const UNCONFIRMED_RETENTION_DAYS = 30;

/** An issue lists at most this many events per night; the rest are a link to the calendar. */
export const MAX_EVENTS_PER_NIGHT = 20;

/**
 * An owed confirmation mail is left to the request that owes it for this long before the
 * background job takes it over (the request may still be sending it).
 */
export const CONFIRMATION_MAIL_HANDOVER_MS = 2 * 60 * 1000;

export const DAY_MS = 24 * 60 * 60 * 1000;
