import { redirect, useActionData, useLoaderData } from "react-router";
import { passwordChangeSchema } from "#common/schemas/account.ts";
import { changePassword } from "#server/domain/accounts/passwords.server.ts";
import { CsrfField } from "#app/components/forms/csrf-field.tsx";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import { PasswordField } from "#app/components/forms/password-field.tsx";
import { SubmitButton } from "#app/components/forms/submit-button.tsx";
import { useValidatedForm } from "#app/components/forms/use-validated-form.ts";
import { formAction } from "#app/lib/form-action.server.ts";
import type { FormResult } from "#app/lib/form-result.ts";
import { requireUser } from "#app/lib/session.server.ts";
import { privatePageMeta } from "#app/lib/private-page-meta.ts";
import type { Route } from "./+types/change-password";

export const meta = privatePageMeta("Passwort ändern");

const changedMessage = "Dein Passwort wurde geändert. Alle bisherigen Anmeldungen sind beendet.";

export function loader({ request, context }: Route.LoaderArgs) {
  requireUser(request, context);
  const changed = new URL(request.url).searchParams.has("geaendert");
  return { csrfToken: context.session.csrfToken, changed };
}

export const action = (args: Route.ActionArgs) => {
  const user = requireUser(args.request, args.context);
  return formAction(args, async ({ values }) => {
    await changePassword(args.context.deps, user.id, values);
    // Every session has ended, this one too; the person who just proved the password gets a
    // new one at once (decision 0150).
    await args.context.session.signIn(user);
    // Redirected, so the page (and its CSRF token) is rendered for the new session.
    throw redirect("/user/passwort?geaendert");
  });
};

export default function ChangePassword() {
  const { csrfToken, changed } = useLoaderData<typeof loader>();
  const result = useActionData<FormResult>();
  const form = useValidatedForm<{ current_password: string; new_password: string }>({
    schema: passwordChangeSchema,
    defaultValues: { current_password: "", new_password: "" },
    result,
  });
  return (
    <section className="mx-auto flex w-full max-w-md flex-col gap-6 py-6">
      <h1 className="text-3xl font-black tracking-tight">Passwort ändern</h1>
      <FormAlert kind="success">{changed && !result ? changedMessage : undefined}</FormAlert>
      <FormAlert kind="error">{result?.formError}</FormAlert>
      <form method="post" noValidate onSubmit={form.onSubmit} className="flex flex-col gap-5">
        <CsrfField token={csrfToken} />
        <PasswordField
          label="Aktuelles Passwort"
          autoComplete="current-password"
          {...form.field("current_password")}
        />
        <PasswordField
          label="Neues Passwort"
          autoComplete="new-password"
          hint="Mindestens 8 Zeichen. Danach bist Du nur noch hier angemeldet."
          {...form.field("new_password")}
        />
        <SubmitButton>Passwort ändern</SubmitButton>
      </form>
    </section>
  );
}
