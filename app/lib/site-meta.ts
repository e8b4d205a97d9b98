export interface SiteInfo {
  siteName: string;
  cityName: string;
  /** Absolute address of the site's link preview (1200×630). */
  siteImage?: string;
}

/** SPEC §1's default title and description, naming the configured city. */
export function defaultTitle({ siteName, cityName }: SiteInfo): string {
  return `Techno-Clubs und Partys in ${cityName} – heute, morgen und am Wochenende | ${siteName}`;
}

export function defaultDescription({ cityName }: SiteInfo): string {
  return `Partys in ${cityName} heute, morgen und am Wochenende: Techno, House und Drum and Bass – alle Clubs, Veranstalter und Termine auf einen Blick.`;
}

export function siteMeta(site: SiteInfo | undefined) {
  if (!site) return [{ title: "Clubkalender" }];
  return [
    { title: defaultTitle(site) },
    { name: "description", content: defaultDescription(site) },
    ...siteImageMeta(site),
  ];
}

/** The site's link preview, for pages without a picture of their own (decision 0132). */
export function siteImageMeta(site: SiteInfo | undefined) {
  if (!site?.siteImage) return [];
  return [
    { property: "og:image", content: site.siteImage },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:image", content: site.siteImage },
  ];
}

/** A page title followed by the site name. */
export function pageTitle(title: string, site: SiteInfo | undefined): string {
  return `${title} | ${site?.siteName ?? "Clubkalender"}`;
}
