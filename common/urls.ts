import type { EmbedTheme } from "#common/schemas/embedded-programme.ts";

/**
 * Canonical paths of the site's pages (SPEC §2), shared by pages, API, feeds, sitemap and mails.
 * A path built from data, or used by both the server and the pages, is written here and only here
 * (fixed links inside the pages may stay literal; app/routes.ts maps them).
 */

/** The lists of all clubs, organisers and genres. */
export const clubListPath = "/club";
export const organizerListPath = "/party-veranstalter";
export const genreListPath = "/party/genre";

export const eventPath = (event: { id: number; slug: string }) =>
  `/party/${event.slug}/${event.id}`;
/** The team's secret preview of a party not yet public (decision 0236). */
export const partyPreviewPath = (token: string) => `/party/vorschau/${token}`;

export const clubPath = (club: { id: number; slug: string }) => `/club/${club.slug}/${club.id}`;

export const organizerPath = (organizer: { id: number; slug: string }) =>
  `/party-veranstalter/${organizer.slug}/${organizer.id}`;

export const genrePath = (genre: { id: number; slug: string }) =>
  `/party/genre/${genre.slug}/${genre.id}`;

/** Public URL of an uploaded file (flyer, logo, ad image) kept by the storage driver. */
export function mediaUrl(storedPath: string): string;
export function mediaUrl(storedPath: string | null): string | null;
export function mediaUrl(storedPath: string | null): string | null {
  return storedPath === null ? null : `/media/${storedPath}`;
}

/** The results page of the site search. */
export const searchPath = "/suche";

/** A past newsletter issue as a web page. */
export const pastIssuePath = (issueId: number) => `/newsletter/ausgaben/${issueId}`;

/** The pages the links in newsletter mails open (decision 0042: one button, no action on GET). */
export const confirmSubscriptionPath = (token: string) =>
  `/newsletter/confirm-subscription?token=${encodeURIComponent(token)}`;

export const unsubscribePagePath = (token: string) =>
  `/newsletter/unsubscribe?token=${encodeURIComponent(token)}`;

export const legalNoticePath = "/impressum";
export const privacyPolicyPath = "/datenschutzerklaerung";

/** The form that edits one of the visitor's own events. */
export const editEventPath = (eventId: number) => `/events/bearbeiten/${eventId}`;

/** The top-event booking of an own party. */
export const promoteEventPath = (eventId: number) => `/events/hervorheben/${eventId}`;

/** Where the party's team posts its words from the door during the night (decision 0221). */
export const doorWordsPath = (eventId: number) => `/events/tuer/${eventId}`;

export const myAdsPath = "/user/anzeigen";
export const bookAdPath = "/user/anzeigen/buchen";
export const editAdPath = (adId: number) => `/user/anzeigen/bearbeiten/${adId}`;
export const bookingTermsPath = "/agb";
/** The terms of use accepted on registration (an editable page, default in legal-texts.ts). */
export const termsOfUsePath = "/nutzungsbedingungen";

/** What a party feed covers: everything, or one club, organiser or genre. */
export type FeedTarget = { kind: "all" } | { kind: "club" | "organizer" | "genre"; id: number };

const feedFolders = { club: "club", organizer: "veranstalter", genre: "genre" } as const;

/** iCalendar ("ics") or RSS feed of upcoming parties. */
export function feedPath(target: FeedTarget, format: "ics" | "rss"): string {
  return target.kind === "all"
    ? `/feeds/partys.${format}`
    : `/feeds/${feedFolders[target.kind]}/${target.id}.${format}`;
}

/** An artist's page: their upcoming and past parties. */
export const artistPath = (artist: { slug: string }) => `/artist/${artist.slug}`;

/** One party as a calendar file ("In Kalender speichern"). */
export const partyCalendarPath = (eventId: number) => `/feeds/party/${eventId}.ics`;

/** The user area's list of invoices and credit notes, and one document's PDF there. */
export const billingDocumentsPath = "/user/rechnungen";
export const billingDocumentPath = (number: string) => `${billingDocumentsPath}/${number}.pdf`;

/** One own invoice or credit note as a PDF through the API (bearer token or session). */
export const billingDocumentApiPath = (number: string) => `/api/my-invoices/${number}/pdf/`;

/** The admin area (issue "Operators"). */
export const adminPaths = {
  dashboard: "/admin",
  moderation: "/admin/freigaben",
  reports: "/admin/meldungen",
  users: "/admin/nutzer",
  catalogue: "/admin/katalog",
  editClub: (clubId: number | "neu") => `/admin/katalog/clubs/${clubId}`,
  editOrganizer: (organizerId: number | "neu") => `/admin/katalog/veranstalter/${organizerId}`,
  genres: "/admin/katalog/genres",
  pages: "/admin/seiten",
  editPage: (slug: string) => `/admin/seiten/${slug}`,
  redirects: "/admin/weiterleitungen",
  navigation: "/admin/navigation",
  settings: "/admin/einstellungen",
  newsletter: "/admin/newsletter",
  newsletterExport: "/admin/newsletter/export",
  adReview: "/admin/anzeigen",
  paymentOrders: "/admin/zahlungen",
  auditLog: "/admin/protokoll",
} as const;

/** "Fehler melden" for a party (its own page, so cached party pages carry no form token). */
export const reportEventPath = (eventId: number) => `/fehler-melden/${eventId}`;

/** The saved parties ("Gemerkt"): kept in the browser, and in the account once signed in. */
export const savedPartiesPath = "/gemerkt";

/** The Nachtplan (decision 0223): the visitor's own, or a friend's with `?sets=…`. */
export const nightPlanPath = "/nachtplan";
export const nightPlanCalendarPath = "/feeds/nachtplan.ics";

/** What this browser follows, and the channels (decision 0186). */
export const followsPath = "/folge-ich";

/** A user's saved parties as a calendar feed, at a secret, replaceable address (decision 0182). */
export const savedPartiesFeedPath = (token: string) => `/feeds/gemerkt/${token}.ics`;

/** Where a change alert's opt-out link leads: a page that turns these mails off (decision 0185). */
export const changeAlertOptOutPath = (token: string) =>
  `/gemerkt/aenderungs-mails?token=${encodeURIComponent(token)}`;

/** The follows' parties as a calendar, at a secret address (decision 0186). */
export const followsFeedPath = (token: string) => `/feeds/folge-ich/${token}.ics`;

/** The embedded programme (decision 0231): a page for other sites' frames, and its sizing script. */
export const embeddedProgrammePath = "/einbinden/programm";
export const embedScriptPath = "/einbinden/programm.js";
/** The user area's page that makes the snippets. */
export const embedSnippetPagePath = "/user/einbinden";

/** What an embedded programme shows: whose parties, how many, in which theme. */
export interface EmbedSelection {
  target: FeedTarget;
  count: number;
  theme: EmbedTheme;
}

const embedParamOfKind = { club: "club", organizer: "organizer", genre: "genre" } as const;
const apiFilterOfKind = { club: "location", organizer: "organizer", genre: "genre" } as const;

/** The embedded programme's address for a selection, every parameter written out. */
export function embeddedProgrammeAddress({ target, count, theme }: EmbedSelection): string {
  const query = new URLSearchParams();
  if (target.kind !== "all") query.set(embedParamOfKind[target.kind], String(target.id));
  query.set("count", String(count));
  query.set("theme", theme);
  return `${embeddedProgrammePath}?${query.toString()}`;
}

/** The same selection's parties as JSON: GET /api/events/ with the matching filter. */
export function programmeJsonAddress({ target, count }: Omit<EmbedSelection, "theme">): string {
  const query = new URLSearchParams();
  if (target.kind !== "all") query.set(apiFilterOfKind[target.kind], String(target.id));
  query.set("page_size", String(count));
  return `/api/events/?${query.toString()}`;
}
