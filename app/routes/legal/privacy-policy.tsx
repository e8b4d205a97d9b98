import { getPage } from "#server/domain/pages/pages.server.ts";
import { ContentPage } from "#app/components/layout/content-page.tsx";
import { pageTitle, siteImageMeta } from "#app/lib/site-meta.ts";
import { adminPaths } from "#common/urls.ts";
import type { AdminEditHandle } from "#app/components/layout/admin-edit-link.ts";
import type { Route } from "./+types/privacy-policy";

export const handle = {
  adminEdit: () => ({
    to: adminPaths.editPage("datenschutzerklaerung"),
    label: "Datenschutzerklärung bearbeiten",
  }),
} satisfies AdminEditHandle;

export async function loader({ context }: Route.LoaderArgs) {
  return { page: await getPage(context.deps, "datenschutzerklaerung") };
}

export function meta({ matches }: Route.MetaArgs) {
  return [
    { title: pageTitle("Datenschutzerklärung", matches[0]?.loaderData) },
    {
      name: "description",
      content: "Welche Daten wir verarbeiten, wofür – und wie Du Deine Einwilligung verwaltest.",
    },
    ...siteImageMeta(matches[0]?.loaderData),
  ];
}

export default function PrivacyPolicy({ loaderData: { page } }: Route.ComponentProps) {
  return <ContentPage title={page.title} html={page.html} updatedAt={page.updatedAt} />;
}
