import { Form, useActionData, useLoaderData } from "react-router";
import { formatDateTime } from "#common/dates.ts";
import { hasMorePages } from "#common/paging.ts";
import { adminPaths } from "#common/urls.ts";
import {
  listIssueStatus,
  listSubscribers,
  removeSubscriber,
} from "#server/domain/admin/newsletter-admin.server.ts";
import { sendTestIssue } from "#server/domain/newsletter/issue-preview.server.ts";
import { EventListPager } from "#app/components/event-list-pager.tsx";
import { CsrfField } from "#app/components/forms/csrf-field.tsx";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import { inputClass } from "#app/components/forms/text-field.tsx";
import { formAction, refuseUnknownIntent } from "#app/lib/form-action.server.ts";
import type { FormResult } from "#app/lib/form-result.ts";
import { pageNumber } from "#app/lib/page-number.ts";
import { parsePostedId } from "#app/lib/route-params.ts";
import { actorOf, requireAdmin } from "#app/lib/session.server.ts";
import { privatePageMeta } from "#app/lib/private-page-meta.ts";
import type { Route } from "./+types/newsletter";

export const meta = privatePageMeta("Newsletter");

const subscriberStatus = {
  pending: "unbestätigt",
  confirmed: "bestätigt",
  unsubscribed: "abgemeldet",
} as const;
const issueStatus = {
  building: "wird gebaut",
  sending: "wird verschickt",
  sent: "verschickt",
  empty: "ohne Partys",
} as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const url = new URL(request.url);
  const q = url.searchParams.get("q") ?? "";
  const { timeZone } = context.deps.config.city;
  const [subscribers, issues] = await Promise.all([
    listSubscribers(context.deps, q, { page: pageNumber(url), pageSize: 50 }),
    listIssueStatus(context.deps),
  ]);
  return {
    csrfToken: context.session.csrfToken,
    q,
    page: subscribers.page,
    count: subscribers.count,
    hasMore: hasMorePages(subscribers),
    search: url.search.slice(1),
    subscribers: subscribers.items.map((subscriber) => ({
      id: subscriber.id,
      email: subscriber.email,
      status: subscriberStatus[subscriber.status],
      since: formatDateTime(subscriber.signedUpAt, timeZone),
    })),
    issues: issues.map((issue) => ({
      id: issue.id,
      weekendStart: issue.weekendStart,
      status: issueStatus[issue.status],
      sends: issue.sends,
    })),
  };
}

export const action = (args: Route.ActionArgs) => {
  const user = requireAdmin(args.request, args.context);
  const { deps } = args.context;
  return formAction(args, async ({ values, intent }) => {
    if (intent === "remove") {
      const subscriberId = parsePostedId(values.subscriberId);
      await removeSubscriber(deps, actorOf(user, args.context), subscriberId);
      return { success: "Die Anmeldung ist gelöscht." };
    }
    if (intent === "test-send") {
      const outcome = await sendTestIssue(deps, user);
      return outcome.outcome === "sent"
        ? { success: `Testmail an ${user.email} gesendet.` }
        : { formError: "Der Mailserver hat die Testmail nicht angenommen." };
    }
    return refuseUnknownIntent();
  });
};

const button =
  "inline-flex min-h-11 items-center rounded-full border border-line px-5 font-semibold hover:border-accent";

/** Subscribers (search, export, remove), the coming issue (preview, test send), send status. */
export default function Newsletter() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<FormResult>();
  return (
    <section className="flex flex-col gap-6">
      <h1 className="text-3xl font-black tracking-tight">Newsletter</h1>
      <FormAlert kind="success">{result?.success}</FormAlert>
      <FormAlert kind="error">{result?.formError}</FormAlert>
      <div className="flex flex-wrap gap-3">
        <a href="/api/newsletter/preview/" target="_blank" rel="noopener" className={button}>
          Vorschau der nächsten Ausgabe
        </a>
        <Form method="post">
          <CsrfField token={data.csrfToken} />
          <button type="submit" name="intent" value="test-send" className={button}>
            Testmail an mich
          </button>
        </Form>
        <a href={adminPaths.newsletterExport} className={button}>
          Abonnent*innen als CSV
        </a>
      </div>
      <h2 className="text-2xl font-bold">Ausgaben</h2>
      <ul className="flex flex-col divide-y divide-line rounded-xl border border-line bg-card">
        {data.issues.length === 0 ? <li className="px-5 py-3 text-muted">Noch keine.</li> : null}
        {data.issues.map((issue) => (
          <li key={issue.id} className="px-5 py-3">
            {`Wochenende ab ${issue.weekendStart}: ${issue.status} – ${issue.sends.sent} verschickt, ${issue.sends.pending} offen, ${issue.sends.failed} fehlgeschlagen`}
          </li>
        ))}
      </ul>
      <h2 className="text-2xl font-bold">{`Abonnent*innen (${data.count})`}</h2>
      <Form method="get" role="search" className="flex flex-wrap gap-3">
        <label htmlFor="q" className="sr-only">
          E-Mail-Adresse
        </label>
        <input
          id="q"
          name="q"
          defaultValue={data.q}
          placeholder="E-Mail-Adresse"
          className={inputClass}
        />
        <button type="submit" className={button}>
          Suchen
        </button>
      </Form>
      <ul className="flex flex-col divide-y divide-line rounded-xl border border-line bg-card">
        {data.subscribers.map((subscriber) => (
          <li key={subscriber.id} className="flex flex-wrap items-center gap-3 px-5 py-3">
            <span className="min-w-0 flex-1 break-all">
              {`${subscriber.email} · ${subscriber.status} · seit ${subscriber.since}`}
            </span>
            <Form method="post">
              <CsrfField token={data.csrfToken} />
              <input type="hidden" name="subscriberId" value={subscriber.id} />
              <button type="submit" name="intent" value="remove" className={button}>
                Löschen
              </button>
            </Form>
          </li>
        ))}
      </ul>
      <EventListPager
        page={data.page}
        hasMore={data.hasMore}
        search={data.search}
        label="Weitere Abonnent*innen"
      />
    </section>
  );
}
