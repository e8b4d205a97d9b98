import { useLoaderData } from "react-router";
import { LinkTiles } from "#app/components/link-tiles.tsx";
import { adminPaths } from "#common/urls.ts";
import { getAdminDashboard } from "#server/domain/admin/dashboard.server.ts";
import { requireAdmin } from "#app/lib/session.server.ts";
import { privatePageMeta } from "#app/lib/private-page-meta.ts";
import type { Route } from "./+types/dashboard";

export const meta = privatePageMeta("Adminbereich");

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  return getAdminDashboard(context.deps);
}

const issueStatus: Record<string, string> = {
  building: "wird gebaut",
  sending: "wird verschickt",
  sent: "verschickt",
  empty: "ohne Partys, nicht verschickt",
};

export default function AdminDashboard() {
  const board = useLoaderData<typeof loader>();
  const tiles = [
    { to: adminPaths.moderation, count: board.pendingEvents, label: "Partys warten auf Freigabe" },
    { to: adminPaths.reports, count: board.openReports, label: "offene Meldungen" },
    {
      to: adminPaths.adReview,
      count: board.adsAwaitingApproval,
      label: "Anzeigen warten auf Freigabe",
    },
    { to: adminPaths.paymentOrders, count: board.paidOrders, label: "bezahlte Bestellungen" },
  ];
  const issue = board.newsletter.lastIssue;
  return (
    <section className="flex flex-col gap-6">
      <h1 className="text-3xl font-black tracking-tight">Adminbereich</h1>
      <LinkTiles
        tiles={tiles.map((tile) => ({ to: tile.to, head: tile.count, text: tile.label }))}
        headClassName="tabular text-4xl font-black"
        gridClassName="sm:grid-cols-3"
      />
      <div className="rounded-xl border border-line bg-card p-5">
        <h2 className="text-lg font-bold">Newsletter</h2>
        <p>{`${board.newsletter.confirmedSubscribers} bestätigte Abonnent*innen.`}</p>
        <p className="text-muted">
          {issue
            ? `Letzte Ausgabe: Wochenende ab ${issue.weekendStart}, ${issueStatus[issue.status] ?? issue.status}.`
            : "Noch keine Ausgabe."}
        </p>
      </div>
    </section>
  );
}
