/**
 * The first path segments the site's routes and the server own (app/routes.ts, server/web/,
 * /api, /media …): an editable page may not take one of them as its slug (slugs have no dots,
 * so files like /robots.txt cannot collide). The legal pages and the FAQ are pages themselves.
 */
export const reservedPageSlugs: readonly string[] = [
  "admin",
  "api",
  "artist",
  "assets",
  "club",
  "dev",
  "events",
  "feeds",
  "fehler-melden",
  "folge-ich",
  "gemerkt",
  "icons",
  "media",
  "nachtplan",
  "newsletter",
  "offline",
  "party",
  "party-veranstalter",
  "sitemaps",
  "suche",
  "user",
  "zahlung",
];

/** The pages with their own routes; the editor changes their text, never their address. */
export const routedPageSlugs: readonly string[] = [
  "impressum",
  "datenschutzerklaerung",
  "faq",
  "agb",
  "nutzungsbedingungen",
];

/** Where a page is shown: its slug as the first and only path segment. */
export const pagePath = (slug: string) => `/${slug}`;
