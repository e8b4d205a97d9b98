import { Link, useLoaderData } from "react-router";
import { pagePath } from "#common/reserved-paths.ts";
import { adminPaths } from "#common/urls.ts";
import { listEditablePages } from "#server/domain/pages/page-editor.server.ts";
import { requireAdmin } from "#app/lib/session.server.ts";
import { privatePageMeta } from "#app/lib/private-page-meta.ts";
import type { Route } from "./+types/pages";

export const meta = privatePageMeta("Seiten");

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const pages = await listEditablePages(context.deps);
  return { pages: pages.map(({ slug, title }) => ({ slug, title })) };
}

export default function Pages() {
  const { pages } = useLoaderData<typeof loader>();
  return (
    <section className="flex flex-col gap-6">
      <h1 className="text-3xl font-black tracking-tight">Seiten</h1>
      <ul className="flex flex-col divide-y divide-line rounded-xl border border-line bg-card">
        {pages.map((page) => (
          <li key={page.slug} className="flex flex-wrap items-center gap-4 px-5 py-3">
            <span className="font-bold">{page.title}</span>
            <span className="text-sm text-muted">{pagePath(page.slug)}</span>
            <Link
              to={adminPaths.editPage(page.slug)}
              className="ml-auto underline-offset-4 hover:underline"
              aria-label={`${page.title} bearbeiten`}
            >
              Bearbeiten
            </Link>
          </li>
        ))}
      </ul>
      <Link
        to={adminPaths.editPage("neu")}
        className="inline-flex min-h-11 items-center self-start rounded-full border border-line px-5 font-semibold hover:border-accent"
      >
        Neue Seite
      </Link>
    </section>
  );
}
