/** Business constants of SPEC §9, shared by browser and server. */

export const AD_DURATIONS = [
  { id: 1, weeks: 1, label: "1 Woche", priceCents: 7500 },
  { id: 2, weeks: 2, label: "2 Wochen", priceCents: 12000 },
  { id: 3, weeks: 3, label: "3 Wochen", priceCents: 17500 },
  { id: 4, weeks: 4, label: "4 Wochen", priceCents: 21000 },
] as const;

/** A top event is bought by the week, 1 to 4 weeks at a time (decision 0061). */
export const TOP_EVENT_MAX_WEEKS = 4;

export const NEWSLETTER_POPUP_DELAY_MS = 30_000;
export const NEWSLETTER_POPUP_COOKIE_MAX_AGE_S = 31_536_000;
export const NEWSLETTER_POPUP_COOKIE = "newsletter-popup";
export const AUTH_COOKIE_MAX_AGE_S = 31_536_000;
/** The media list accepts another entry while it has 10 or fewer. */
export const MEDIA_URLS_ADD_WHILE_AT_MOST = 10;
export const HEADER_COMPACT_SCROLL_PX = 88;
export const CHUNK_RELOAD_GUARD_MS = 60_000;
export const REVEAL_OFFSET_PX = 100;
export const FAQ_ANCHOR_SCROLL_DELAY_MS = 700;
export const LOADING_BAR_DURATION_MS = 5_000;
export const LOADING_BAR_THROTTLE_MS = 200;
export const PASSWORD_MIN_LENGTH = 8;

/** A party night runs from 06:00 to 06:00 local time. */
export const PARTY_NIGHT_START_HOUR = 6;

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

/** Party nights per page of the home listing and GET /api/dates/. */
export const NIGHTS_PER_PAGE = 4;
export const MAX_NIGHTS_PER_PAGE = 14;
/** Parties shown for the first night of a listing page; the night's own page lists them all. */
export const EVENTS_PER_NIGHT = 24;
/**
 * Parties shown for each further night of a listing page (decisions 0102, 0253): a phone's home
 * page renders tonight and a glimpse of the nights after it, a wide screen one row of each;
 * "Alle N Partys dieser Nacht" leads to the rest.
 */
export const EVENTS_PER_LATER_NIGHT = 4;
/** Longest search text accepted; longer is a field error. */
export const MAX_SEARCH_LENGTH = 200;
/** Shortest search text (after trimming) that searches at all; shorter finds nothing. */
export const MIN_SEARCH_LENGTH = 2;
/** Nights in the home page's day strip. */
export const DAY_STRIP_NIGHTS = 14;
