import { useLoaderData } from "react-router";
import { hasMorePages } from "#common/paging.ts";
import { listAuditLog } from "#server/domain/admin/audit-view.server.ts";
import { EventListPager } from "#app/components/event-list-pager.tsx";
import { pageNumber } from "#app/lib/page-number.ts";
import { requireAdmin } from "#app/lib/session.server.ts";
import { privatePageMeta } from "#app/lib/private-page-meta.ts";
import type { Route } from "./+types/audit-log";

export const meta = privatePageMeta("Protokoll");

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const url = new URL(request.url);
  const page = await listAuditLog(context.deps, { page: pageNumber(url), pageSize: 50 });
  return {
    page: page.page,
    hasMore: hasMorePages(page),
    search: url.search.slice(1),
    entries: page.items.map((entry) => ({
      id: entry.id,
      // The audit log is read in UTC, as servers and other logs write it.
      at: `${entry.createdAt.toISOString().slice(0, 19).replace("T", " ")} UTC`,
      who: entry.actor?.email ?? "System",
      what: `${entry.action} · ${entry.entityType}${entry.entityId ? ` ${entry.entityId}` : ""}`,
      details: Object.keys(entry.details).length > 0 ? JSON.stringify(entry.details) : "",
      ip: entry.ip ?? "–",
    })),
  };
}

/** Who did what, when (UTC) and from which address. */
export default function AuditLog() {
  const { entries, page, hasMore, search } = useLoaderData<typeof loader>();
  return (
    <section className="flex flex-col gap-6">
      <h1 className="text-3xl font-black tracking-tight">Protokoll</h1>
      <div className="overflow-x-auto rounded-xl border border-line bg-card">
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="border-b border-line">
              <th scope="col" className="px-4 py-2">
                Wann (UTC)
              </th>
              <th scope="col" className="px-4 py-2">
                Wer
              </th>
              <th scope="col" className="px-4 py-2">
                Was
              </th>
              <th scope="col" className="px-4 py-2">
                Adresse
              </th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.id} className="border-b border-line align-top last:border-0">
                <td className="px-4 py-2 whitespace-nowrap tabular">{entry.at}</td>
                <td className="px-4 py-2 break-all">{entry.who}</td>
                <td className="px-4 py-2">
                  {entry.what}
                  {entry.details ? (
                    <span className="block break-all text-muted">{entry.details}</span>
                  ) : null}
                </td>
                <td className="px-4 py-2 tabular">{entry.ip}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <EventListPager page={page} hasMore={hasMore} search={search} label="Ältere Einträge" />
    </section>
  );
}
