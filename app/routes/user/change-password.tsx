import { data, useActionData, useLoaderData } from "react-router";
import { passwordChangeSchema } from "#common/schemas/account.ts";
import { changePassword } from "#server/domain/accounts/passwords.server.ts";
import { CsrfField } from "#app/components/forms/csrf-field.tsx";
import { messageOf } from "#app/components/forms/field-message.ts";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import { PasswordField } from "#app/components/forms/password-field.tsx";
import { SubmitButton } from "#app/components/forms/submit-button.tsx";
import { useValidatedForm } from "#app/components/forms/use-validated-form.ts";
import { formFailure } from "#app/lib/form-failure.server.ts";
import type { FormResult } from "#app/lib/form-result.ts";
import { formValues, requireCsrf, requireUser } from "#app/lib/session.server.ts";
import { pageTitle } from "#app/lib/site-meta.ts";
import type { Route } from "./+types/change-password";

export function meta({ matches }: Route.MetaArgs) {
  return [
    { title: pageTitle("Passwort ändern", matches[0]?.loaderData) },
    { name: "robots", content: "noindex" },
  ];
}

export function loader({ request, context }: Route.LoaderArgs) {
  requireUser(request, context);
  return { csrfToken: context.session.csrfToken };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(request, context);
  const formData = await request.formData();
  requireCsrf(context, formData.get("csrf"));
  try {
    await changePassword(context.deps, user.id, context.session.sessionId, formValues(formData));
  } catch (error) {
    return formFailure(error);
  }
  return data<FormResult>({
    fieldErrors: {},
    success: "Dein Passwort wurde geändert. Alle anderen Anmeldungen sind beendet.",
  });
}

export default function ChangePassword() {
  const { csrfToken } = useLoaderData<typeof loader>();
  const result = useActionData<FormResult>();
  const form = useValidatedForm<{ current_password: string; new_password: string }>({
    schema: passwordChangeSchema,
    defaultValues: { current_password: "", new_password: "" },
    result,
  });
  const { errors } = form.formState;
  return (
    <section className="mx-auto flex w-full max-w-md flex-col gap-6 py-6">
      <h1 className="text-3xl font-black tracking-tight">Passwort ändern</h1>
      <FormAlert kind="success">{result?.success}</FormAlert>
      <FormAlert kind="error">{result?.formError}</FormAlert>
      <form method="post" noValidate onSubmit={form.onSubmit} className="flex flex-col gap-5">
        <CsrfField token={csrfToken} />
        <PasswordField
          label="Aktuelles Passwort"
          autoComplete="current-password"
          registration={form.register("current_password")}
          error={messageOf(errors, "current_password")}
        />
        <PasswordField
          label="Neues Passwort"
          autoComplete="new-password"
          hint="Mindestens 8 Zeichen. Danach bist Du nur noch hier angemeldet."
          registration={form.register("new_password")}
          error={messageOf(errors, "new_password")}
        />
        <SubmitButton>Passwort ändern</SubmitButton>
      </form>
    </section>
  );
}
