import { termsOfUsePath } from "#common/urls.ts";
import { getPage } from "#server/domain/pages/pages.server.ts";
import { ContentPage } from "#app/components/layout/content-page.tsx";
import { pageTitle } from "#app/lib/site-meta.ts";
import type { Route } from "./+types/terms-of-use";

/** The terms of use accepted on registration; admins edit the text in the page editor. */
export async function loader({ context }: Route.LoaderArgs) {
  return { page: await getPage(context.deps, termsOfUsePath.slice(1)) };
}

export function meta({ matches }: Route.MetaArgs) {
  return [
    { title: pageTitle("Nutzungsbedingungen", matches[0]?.loaderData) },
    {
      name: "description",
      content: "Die Regeln für Konten und eingetragene Partys.",
    },
  ];
}

export default function TermsOfUse({ loaderData: { page } }: Route.ComponentProps) {
  return <ContentPage title={page.title} html={page.html} updatedAt={page.updatedAt} />;
}
