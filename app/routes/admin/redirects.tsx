import { Form, useActionData, useLoaderData } from "react-router";
import { redirectSchema } from "#common/schemas/admin.ts";
import {
  deleteRedirect,
  listRedirects,
  saveRedirect,
} from "#server/domain/seo/redirect-editor.server.ts";
import { CsrfField } from "#app/components/forms/csrf-field.tsx";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import { SubmitButton } from "#app/components/forms/submit-button.tsx";
import { TextField } from "#app/components/forms/text-field.tsx";
import { useValidatedForm } from "#app/components/forms/use-validated-form.ts";
import { formAction, refuseUnknownIntent } from "#app/lib/form-action.server.ts";
import type { FormResult } from "#app/lib/form-result.ts";
import { parsePostedId } from "#app/lib/route-params.ts";
import { actorOf, requireAdmin } from "#app/lib/session.server.ts";
import { privatePageMeta } from "#app/lib/private-page-meta.ts";
import type { Route } from "./+types/redirects";

export const meta = privatePageMeta("Weiterleitungen");

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  return { csrfToken: context.session.csrfToken, redirects: await listRedirects(context.deps) };
}

export const action = (args: Route.ActionArgs) => {
  const actor = actorOf(requireAdmin(args.request, args.context), args.context);
  const { deps } = args.context;
  return formAction(args, async ({ values, intent }) => {
    if (intent === "add") {
      await saveRedirect(deps, actor, { fromPath: values.fromPath, toPath: values.toPath });
      return { success: "Weiterleitung gespeichert." };
    }
    if (intent === "delete") {
      await deleteRedirect(deps, actor, parsePostedId(values.redirectId));
      return { success: "Weiterleitung gelöscht." };
    }
    return refuseUnknownIntent();
  });
};

/** The redirects (301): old addresses to new ones; loops are refused. */
export default function Redirects() {
  const { csrfToken, redirects } = useLoaderData<typeof loader>();
  const result = useActionData<FormResult>();
  const form = useValidatedForm<{ fromPath: string; toPath: string }>({
    schema: redirectSchema,
    defaultValues: { fromPath: "", toPath: "" },
    result: result?.intent === "add" ? result : undefined,
  });
  return (
    <section className="flex flex-col gap-6">
      <h1 className="text-3xl font-black tracking-tight">Weiterleitungen</h1>
      <FormAlert kind="success">{result?.success}</FormAlert>
      <FormAlert kind="error">{result?.formError}</FormAlert>
      <form
        method="post"
        noValidate
        onSubmit={form.onSubmit}
        className="flex max-w-xl flex-col gap-4"
      >
        <CsrfField token={csrfToken} />
        <input type="hidden" name="intent" value="add" />
        <TextField label="Von (alter Pfad)" placeholder="/alte-seite" {...form.field("fromPath")} />
        <TextField
          label="Nach (Pfad oder Adresse)"
          placeholder="/neue-seite"
          {...form.field("toPath")}
        />
        <SubmitButton>Weiterleitung speichern</SubmitButton>
      </form>
      <ul className="flex flex-col divide-y divide-line rounded-xl border border-line bg-card">
        {redirects.map((row) => (
          <li key={row.id} className="flex flex-wrap items-center gap-3 px-5 py-3">
            <span className="break-all">{`${row.fromPath} → ${row.toPath}`}</span>
            <Form method="post" className="ml-auto">
              <CsrfField token={csrfToken} />
              <input type="hidden" name="redirectId" value={row.id} />
              <button
                type="submit"
                name="intent"
                value="delete"
                className="min-h-11 rounded-full border border-line px-4 text-sm font-semibold hover:border-danger"
              >
                Löschen
              </button>
            </Form>
          </li>
        ))}
      </ul>
    </section>
  );
}
