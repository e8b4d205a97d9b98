import type { MetaDescriptor } from "react-router";

export interface SeoPage {
  /** The site's name from the settings (og:site_name). */
  siteName: string;
  title: string;
  description: string;
  /** Absolute canonical URL of the page. */
  url: string;
  /** Absolute address of the link preview (1200×630, server/domain/seo/share-images.server.ts). */
  image?: string | null;
  type?: "website" | "article";
}

/** Title, description, canonical link, OpenGraph and Twitter card of a public page. */
export function seoMeta(page: SeoPage): MetaDescriptor[] {
  const image = page.image ?? null;
  return [
    { title: page.title },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: page.url },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:locale", content: "de_DE" },
    { property: "og:site_name", content: page.siteName },
    { property: "og:title", content: page.title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: page.url },
    ...(image
      ? [
          { property: "og:image", content: image },
          { property: "og:image:width", content: "1200" },
          { property: "og:image:height", content: "630" },
        ]
      : []),
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: page.title },
    { name: "twitter:description", content: page.description },
    ...(image ? [{ name: "twitter:image", content: image }] : []),
  ];
}

/** A JSON-LD script body that cannot end the script element early (`<` escaped). */
export function jsonLdText(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
