import { getPage } from "#server/domain/pages/pages.server.ts";
import { ContentPage } from "#app/components/layout/content-page.tsx";
import { pageTitle, siteImageMeta } from "#app/lib/site-meta.ts";
import { adminPaths } from "#common/urls.ts";
import type { AdminEditHandle } from "#app/components/layout/admin-edit-link.ts";
import type { Route } from "./+types/legal-notice";

export const handle = {
  adminEdit: () => ({ to: adminPaths.editPage("impressum"), label: "Impressum bearbeiten" }),
} satisfies AdminEditHandle;

export async function loader({ context }: Route.LoaderArgs) {
  return { page: await getPage(context.deps, "impressum") };
}

export function meta({ matches }: Route.MetaArgs) {
  return [
    { title: pageTitle("Impressum", matches[0]?.loaderData) },
    {
      name: "description",
      content: "Impressum: wer diese Seite betreibt und wie Du uns erreichst.",
    },
    ...siteImageMeta(matches[0]?.loaderData),
  ];
}

export default function LegalNotice({ loaderData: { page } }: Route.ComponentProps) {
  return <ContentPage title={page.title} html={page.html} updatedAt={page.updatedAt} />;
}
