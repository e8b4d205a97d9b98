import { Form, Link, useActionData, useLoaderData } from "react-router";
import { formatDateTime } from "#common/dates.ts";
import { eventPath } from "#common/urls.ts";
import { listOpenReports, resolveReport } from "#server/domain/moderation/event-reports.server.ts";
import { CsrfField } from "#app/components/forms/csrf-field.tsx";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import { formAction } from "#app/lib/form-action.server.ts";
import type { FormResult } from "#app/lib/form-result.ts";
import { parsePostedId } from "#app/lib/route-params.ts";
import { actorOf, requireAdmin } from "#app/lib/session.server.ts";
import { privatePageMeta } from "#app/lib/private-page-meta.ts";
import type { Route } from "./+types/reports";

export const meta = privatePageMeta("Meldungen");

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const { timeZone } = context.deps.config.city;
  const reports = await listOpenReports(context.deps);
  return {
    csrfToken: context.session.csrfToken,
    reports: reports.map((report) => ({
      id: report.id,
      message: report.message,
      reporterEmail: report.reporterEmail,
      at: formatDateTime(report.createdAt, timeZone),
      event: { title: report.event.title, path: eventPath(report.event) },
    })),
  };
}

export const action = (args: Route.ActionArgs) => {
  const actor = actorOf(requireAdmin(args.request, args.context), args.context);
  return formAction(args, async ({ values }) => {
    await resolveReport(args.context.deps, actor, parsePostedId(values.reportId));
    return { success: "Als erledigt markiert." };
  });
};

/** The reports queue: what visitors reported with "Fehler melden". */
export default function Reports() {
  const { csrfToken, reports } = useLoaderData<typeof loader>();
  const result = useActionData<FormResult>();
  return (
    <section className="flex flex-col gap-6">
      <h1 className="text-3xl font-black tracking-tight">Meldungen</h1>
      <FormAlert kind="success">{result?.success}</FormAlert>
      <FormAlert kind="error">{result?.formError}</FormAlert>
      {reports.length === 0 ? (
        <p className="text-muted">Keine offenen Meldungen.</p>
      ) : (
        <ul className="flex flex-col gap-4">
          {reports.map((report) => (
            <li
              key={report.id}
              data-testid="open-report"
              className="flex flex-col gap-2 rounded-xl border border-line bg-card p-5"
            >
              <Link to={report.event.path} className="font-bold underline-offset-4 hover:underline">
                {report.event.title}
              </Link>
              <p className="whitespace-pre-line">{report.message}</p>
              <p className="text-sm text-muted">
                {report.at}
                {report.reporterEmail ? ` · ${report.reporterEmail}` : ""}
              </p>
              <Form method="post">
                <CsrfField token={csrfToken} />
                <input type="hidden" name="reportId" value={report.id} />
                <button
                  type="submit"
                  className="min-h-11 rounded-full border border-line px-5 font-semibold hover:border-accent"
                >
                  Erledigt
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
