import { asc, count, inArray } from "drizzle-orm";
import {
  clubListPath,
  clubPath,
  eventPath,
  genreListPath,
  genrePath,
  organizerListPath,
  organizerPath,
} from "#common/urls.ts";
import { genres, locations, organizers } from "#server/db/schema/catalog.ts";
import { events } from "#server/db/schema/events.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { escapeXml } from "#server/domain/feeds/rss.ts";
import { publicStatuses } from "#server/domain/event-query/event-query-kit.server.ts";

/** The sitemap protocol's limit per file. */
const SITEMAP_MAX_URLS = 50_000;

interface SitemapUrl {
  path: string;
  lastModified: Date | null;
}

const fixedPaths = ["/", clubListPath, organizerListPath, genreListPath];

/** How many URLs each kind contributes, in sitemap order: fixed pages, genres, clubs, organisers, parties. */
async function counts(deps: DomainDeps) {
  const [[genreCount], [clubCount], [organizerCount], [eventCount]] = await Promise.all([
    deps.db.select({ value: count() }).from(genres),
    deps.db.select({ value: count() }).from(locations),
    deps.db.select({ value: count() }).from(organizers),
    deps.db
      .select({ value: count() })
      .from(events)
      .where(inArray(events.status, [...publicStatuses])),
  ]);
  return [
    fixedPaths.length,
    genreCount?.value ?? 0,
    clubCount?.value ?? 0,
    organizerCount?.value ?? 0,
    eventCount?.value ?? 0,
  ] as const;
}

/** Number of sitemap files (at least one). */
async function sitemapPartCount(deps: DomainDeps, maxUrls = SITEMAP_MAX_URLS): Promise<number> {
  const total = (await counts(deps)).reduce((sum, value) => sum + value, 0);
  return Math.max(1, Math.ceil(total / maxUrls));
}

/** The URLs of sitemap part `part` (from 1): a window over the kinds in their fixed order. */
async function partUrls(deps: DomainDeps, part: number, maxUrls: number): Promise<SitemapUrl[]> {
  const sizes = await counts(deps);
  let offset = (part - 1) * maxUrls;
  let room = maxUrls;
  const urls: SitemapUrl[] = [];
  const loaders: ((offset: number, limit: number) => Promise<SitemapUrl[]>)[] = [
    async (start, limit) =>
      fixedPaths.slice(start, start + limit).map((path) => ({ path, lastModified: null })),
    async (start, limit) =>
      (
        await deps.db
          .select({ id: genres.id, slug: genres.slug })
          .from(genres)
          .orderBy(asc(genres.id))
          .offset(start)
          .limit(limit)
      ).map((genre) => ({ path: genrePath(genre), lastModified: null })),
    async (start, limit) =>
      (
        await deps.db
          .select({ id: locations.id, slug: locations.slug, updatedAt: locations.updatedAt })
          .from(locations)
          .orderBy(asc(locations.id))
          .offset(start)
          .limit(limit)
      ).map((club) => ({ path: clubPath(club), lastModified: club.updatedAt })),
    async (start, limit) =>
      (
        await deps.db
          .select({ id: organizers.id, slug: organizers.slug, updatedAt: organizers.updatedAt })
          .from(organizers)
          .orderBy(asc(organizers.id))
          .offset(start)
          .limit(limit)
      ).map((organizer) => ({ path: organizerPath(organizer), lastModified: organizer.updatedAt })),
    async (start, limit) =>
      (
        await deps.db
          .select({ id: events.id, slug: events.slug, updatedAt: events.updatedAt })
          .from(events)
          .where(inArray(events.status, [...publicStatuses]))
          .orderBy(asc(events.id))
          .offset(start)
          .limit(limit)
      ).map((event) => ({ path: eventPath(event), lastModified: event.updatedAt })),
  ];
  for (const [index, size] of sizes.entries()) {
    if (room === 0) break;
    if (offset >= size) {
      offset -= size;
      continue;
    }
    const taken = await loaders[index]!(offset, Math.min(room, size - offset));
    urls.push(...taken);
    room -= taken.length;
    offset = 0;
  }
  return urls;
}

/** /sitemap.xml: an index of the parts, so any number of parties fits (50,000 URLs a part). */
export async function sitemapIndexXml(deps: DomainDeps, maxUrls = SITEMAP_MAX_URLS) {
  const parts = await sitemapPartCount(deps, maxUrls);
  const entries = Array.from(
    { length: parts },
    (_, index) =>
      `<sitemap><loc>${escapeXml(`${deps.config.publicUrl}/sitemaps/${index + 1}.xml`)}</loc></sitemap>`,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries,
    "</sitemapindex>",
    "",
  ].join("\n");
}

/** One sitemap part, or null when there is no such part. */
export async function sitemapPartXml(
  deps: DomainDeps,
  part: number,
  maxUrls = SITEMAP_MAX_URLS,
): Promise<string | null> {
  if (part < 1 || part > (await sitemapPartCount(deps, maxUrls))) return null;
  const urls = await partUrls(deps, part, maxUrls);
  const entries = urls.map(
    (url) =>
      `<url><loc>${escapeXml(`${deps.config.publicUrl}${url.path}`)}</loc>` +
      (url.lastModified ? `<lastmod>${url.lastModified.toISOString()}</lastmod>` : "") +
      "</url>",
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries,
    "</urlset>",
    "",
  ].join("\n");
}

/** robots.txt: everything public may be crawled; the user area, forms and the API not. */
export function robotsTxt(deps: DomainDeps): string {
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /api/",
    "Disallow: /user",
    "Disallow: /events/",
    "Disallow: /suche",
    "Disallow: /newsletter/",
    "",
    `Sitemap: ${deps.config.publicUrl}/sitemap.xml`,
    "",
  ].join("\n");
}
