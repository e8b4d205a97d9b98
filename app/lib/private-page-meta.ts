import type { MetaDescriptor } from "react-router";
import { pageTitle, type SiteInfo } from "./site-meta.ts";

/**
 * The `meta` of a page search engines must not index (the user area, forms, one-time links):
 * the page's title followed by the site name, and `noindex`.
 * Use: `export const meta = privatePageMeta("Anmelden");`
 */
export function privatePageMeta(title: string) {
  return ({
    matches,
  }: {
    matches: ReadonlyArray<{ loaderData?: unknown } | undefined>;
  }): MetaDescriptor[] => [
    { title: pageTitle(title, matches[0]?.loaderData as SiteInfo | undefined) },
    { name: "robots", content: "noindex" },
  ];
}
