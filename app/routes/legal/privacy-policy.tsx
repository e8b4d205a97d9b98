import { getPage } from "#server/domain/pages/pages.server.ts";
import { ContentPage } from "#app/components/layout/content-page.tsx";
import { pageTitle } from "#app/lib/site-meta.ts";
import type { Route } from "./+types/privacy-policy";

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
  ];
}

export default function PrivacyPolicy({ loaderData: { page } }: Route.ComponentProps) {
  return <ContentPage title={page.title} html={page.html} updatedAt={page.updatedAt} />;
}
