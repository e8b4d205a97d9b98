export interface SiteInfo {
  siteName: string;
  cityName: string;
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
  ];
}

/** A page title followed by the site name. */
export function pageTitle(title: string, site: SiteInfo | undefined): string {
  return `${title} | ${site?.siteName ?? "Clubkalender"}`;
}
