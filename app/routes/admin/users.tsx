import { Form, useActionData, useLoaderData } from "react-router";
import { hasMorePages } from "#common/paging.ts";
import { formatDateTime } from "#common/dates.ts";
import { listUsers, setUserDisabled, setUserRole } from "#server/domain/admin/user-admin.server.ts";
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
import type { Route } from "./+types/users";

export const meta = privatePageMeta("Nutzer");

const PAGE_SIZE = 50;

export async function loader({ request, context }: Route.LoaderArgs) {
  const self = requireAdmin(request, context);
  const url = new URL(request.url);
  const q = url.searchParams.get("q") ?? "";
  const page = await listUsers(context.deps, q, { page: pageNumber(url), pageSize: PAGE_SIZE });
  const { timeZone } = context.deps.config.city;
  return {
    csrfToken: context.session.csrfToken,
    selfId: self.id,
    q,
    page: page.page,
    hasMore: hasMorePages(page),
    search: url.search.slice(1),
    users: page.items.map((user) => ({
      id: user.id,
      email: user.email,
      displayName: user.displayName,
      role: user.role,
      since: formatDateTime(user.createdAt, timeZone),
      disabled: user.disabledAt !== null,
    })),
  };
}

const intents = {
  disable: "Das Konto ist gesperrt.",
  enable: "Das Konto ist wieder aktiv.",
  promote: "Das Konto ist jetzt Admin.",
  demote: "Das Konto ist kein Admin mehr.",
} as const;

export const action = (args: Route.ActionArgs) => {
  const actor = actorOf(requireAdmin(args.request, args.context), args.context);
  const { deps } = args.context;
  return formAction(args, async ({ values, intent }) => {
    const userId = parsePostedId(values.userId);
    if (intent === "disable" || intent === "enable") {
      await setUserDisabled(deps, actor, userId, intent === "disable");
    } else if (intent === "promote" || intent === "demote") {
      await setUserRole(deps, actor, userId, { role: intent === "promote" ? "admin" : "user" });
    } else {
      return refuseUnknownIntent();
    }
    return { success: intents[intent] };
  });
};

const button =
  "min-h-11 rounded-full border border-line px-4 text-sm font-semibold hover:border-accent";

/** Accounts: search, disable/enable, the admin role. */
export default function Users() {
  const { csrfToken, users, q, page, hasMore, search } = useLoaderData<typeof loader>();
  const result = useActionData<FormResult>();
  return (
    <section className="flex flex-col gap-6">
      <h1 className="text-3xl font-black tracking-tight">Nutzer</h1>
      <Form method="get" role="search" className="flex flex-wrap gap-3">
        <label htmlFor="q" className="sr-only">
          E-Mail oder Name
        </label>
        <input
          id="q"
          name="q"
          defaultValue={q}
          placeholder="E-Mail oder Name"
          className={inputClass}
        />
        <button type="submit" className={button}>
          Suchen
        </button>
      </Form>
      <FormAlert kind="success">{result?.success}</FormAlert>
      <FormAlert kind="error">{result?.formError}</FormAlert>
      <ul className="flex flex-col divide-y divide-line rounded-xl border border-line bg-card">
        {users.map((user) => (
          <li key={user.id} className="flex flex-wrap items-center gap-3 px-5 py-3">
            <div className="min-w-0 flex-1">
              <p className="font-bold">
                {user.displayName}
                {user.role === "admin" ? " · Admin" : ""}
                {user.disabled ? " · gesperrt" : ""}
              </p>
              <p className="text-sm break-all text-muted">{`${user.email} · seit ${user.since}`}</p>
            </div>
            <Form method="post" className="flex flex-wrap gap-2">
              <CsrfField token={csrfToken} />
              <input type="hidden" name="userId" value={user.id} />
              <button
                type="submit"
                name="intent"
                value={user.disabled ? "enable" : "disable"}
                className={button}
              >
                {user.disabled ? "Entsperren" : "Sperren"}
              </button>
              <button
                type="submit"
                name="intent"
                value={user.role === "admin" ? "demote" : "promote"}
                className={button}
              >
                {user.role === "admin" ? "Admin-Rolle entziehen" : "Zum Admin machen"}
              </button>
            </Form>
          </li>
        ))}
      </ul>
      <EventListPager page={page} hasMore={hasMore} search={search} label="Weitere Nutzer" />
    </section>
  );
}
