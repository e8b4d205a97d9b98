/** Canonical paths of the public pages (SPEC §2), shared by pages, API, feeds and sitemap. */

export const eventPath = (event: { id: number; slug: string }) =>
  `/party/${event.slug}/${event.id}`;

export const clubPath = (club: { id: number; slug: string }) => `/club/${club.slug}/${club.id}`;

export const organizerPath = (organizer: { id: number; slug: string }) =>
  `/party-veranstalter/${organizer.slug}/${organizer.id}`;

export const genrePath = (genre: { id: number; slug: string }) =>
  `/party/genre/${genre.slug}/${genre.id}`;

/** Public URL of an uploaded file (flyer, logo, ad image) kept by the storage driver. */
export const mediaUrl = (storedPath: string | null) =>
  storedPath === null ? null : `/media/${storedPath}`;

/** The results page of the site search. */
export const searchPath = (text?: string) =>
  text ? `/suche?q=${encodeURIComponent(text)}` : "/suche";

/** What a party feed covers: everything, or one club, organiser or genre. */
export type FeedTarget = { kind: "all" } | { kind: "club" | "organizer" | "genre"; id: number };

const feedFolders = { club: "club", organizer: "veranstalter", genre: "genre" } as const;

/** iCalendar ("ics") or RSS feed of upcoming parties. */
export function feedPath(target: FeedTarget, format: "ics" | "rss"): string {
  return target.kind === "all"
    ? `/feeds/partys.${format}`
    : `/feeds/${feedFolders[target.kind]}/${target.id}.${format}`;
}

/** One party as a calendar file ("In Kalender speichern"). */
export const partyCalendarPath = (eventId: number) => `/feeds/party/${eventId}.ics`;
