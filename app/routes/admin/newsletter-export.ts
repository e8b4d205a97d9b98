import { subscribersCsv } from "#server/domain/admin/newsletter-admin.server.ts";
import { requireAdmin } from "#app/lib/session.server.ts";
import type { Route } from "./+types/newsletter-export";

/** The subscribers as a CSV download. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  return new Response(await subscribersCsv(context.deps), {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": 'attachment; filename="newsletter-abonnenten.csv"',
      "cache-control": "no-store",
    },
  });
}
