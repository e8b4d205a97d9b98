import { routedPageSlugs } from "#common/reserved-paths.ts";
import { getPage } from "#server/domain/pages/pages.server.ts";
import { ContentPage } from "#app/components/layout/content-page.tsx";
import { orNotFound } from "#app/lib/not-found.server.ts";
import { publicPageHeaders } from "#app/lib/public-page-headers.ts";
import { notFound } from "#app/lib/route-params.ts";
import { pageTitle, siteImageMeta } from "#app/lib/site-meta.ts";
import { adminPaths } from "#common/urls.ts";
import type { AdminEditHandle } from "#app/components/layout/admin-edit-link.ts";
import type { Route } from "./+types/custom-page";

export const headers = publicPageHeaders;

/** A page made in the page editor, at `/{slug}` (the legal pages and the FAQ have their own). */
export const handle = {
  adminEdit: (data: { page: { slug: string; title: string } }) => ({
    to: adminPaths.editPage(data.page.slug),
    label: `${data.page.title} bearbeiten`,
  }),
} satisfies AdminEditHandle;

export async function loader({ params, context }: Route.LoaderArgs) {
  if (routedPageSlugs.includes(params.slug)) notFound();
  return { page: await orNotFound(getPage(context.deps, params.slug)) };
}

export function meta({ data, matches }: Route.MetaArgs) {
  return [
    { title: pageTitle(data?.page.title ?? "Seite", matches[0]?.loaderData) },
    ...siteImageMeta(matches[0]?.loaderData),
  ];
}

export default function CustomPage({ loaderData: { page } }: Route.ComponentProps) {
  return <ContentPage title={page.title} html={page.html} updatedAt={page.updatedAt} />;
}
