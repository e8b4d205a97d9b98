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
