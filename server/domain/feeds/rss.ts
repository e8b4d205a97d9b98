/** RSS 2.0 for party feeds, with an Atom self link. */

export interface RssItem {
  title: string;
  url: string;
  /** Stable id; the party's URL is permanent, so it doubles as the guid. */
  guid: string;
  publishedAt: Date;
  description: string;
  categories: string[];
}

export interface RssChannel {
  title: string;
  description: string;
  /** The HTML page the feed belongs to. */
  link: string;
  /** The feed's own URL. */
  selfUrl: string;
  items: RssItem[];
}

export function escapeXml(value: string): string {
  return (
    value
      .replace(/&/g, "&amp;")
      .replace(/</g, "&lt;")
      .replace(/>/g, "&gt;")
      .replace(/"/g, "&quot;")
      .replace(/'/g, "&apos;")
      // Control characters XML 1.0 forbids (all below U+0020 except tab, line feed, return).
      .replace(/[^\t\n\r\u0020-\uFFFD\u{10000}-\u{10FFFF}]/gu, "")
  );
}

export function buildRss(channel: RssChannel): string {
  const items = channel.items.map((item) =>
    [
      "<item>",
      `<title>${escapeXml(item.title)}</title>`,
      `<link>${escapeXml(item.url)}</link>`,
      `<guid isPermaLink="true">${escapeXml(item.guid)}</guid>`,
      `<pubDate>${item.publishedAt.toUTCString()}</pubDate>`,
      `<description>${escapeXml(item.description)}</description>`,
      ...item.categories.map((category) => `<category>${escapeXml(category)}</category>`),
      "</item>",
    ].join(""),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    "<channel>",
    `<title>${escapeXml(channel.title)}</title>`,
    `<link>${escapeXml(channel.link)}</link>`,
    `<description>${escapeXml(channel.description)}</description>`,
    "<language>de-DE</language>",
    `<atom:link href="${escapeXml(channel.selfUrl)}" rel="self" type="application/rss+xml"/>`,
    ...items,
    "</channel>",
    "</rss>",
    "",
  ].join("\n");
}
