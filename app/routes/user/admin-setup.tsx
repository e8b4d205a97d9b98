import { redirect, useActionData, useLoaderData } from "react-router";
import { adminSetupSchema } from "#common/schemas/account.ts";
import {
  completeAdminSetup,
  isSetupLinkUsable,
  setupLinkInvalidMessage,
} from "#server/domain/accounts/admin-setup.server.ts";
import { findUserById } from "#server/domain/accounts/user-lookup.server.ts";
import { CsrfField } from "#app/components/forms/csrf-field.tsx";
import { EmailField } from "#app/components/forms/email-field.tsx";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import { PasswordField } from "#app/components/forms/password-field.tsx";
import { SubmitButton } from "#app/components/forms/submit-button.tsx";
import { useValidatedForm } from "#app/components/forms/use-validated-form.ts";
import { formAction } from "#app/lib/form-action.server.ts";
import type { FormResult } from "#app/lib/form-result.ts";
import { privatePageMeta } from "#app/lib/private-page-meta.ts";
import type { Route } from "./+types/admin-setup";

/**
 * `/einrichtung?token=…`: the first admin of a fresh site, through the one-time link the server
 * prints on its console while no admin exists (decision 0202). Creates the account, signs it in
 * and opens the admin area.
 */

export const meta = privatePageMeta("Einrichtung");

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const usable = token !== "" && (await isSetupLinkUsable(context.deps, token));
  return usable
    ? { csrfToken: context.session.csrfToken, token, refusal: null }
    : { csrfToken: context.session.csrfToken, token: null, refusal: setupLinkInvalidMessage };
}

export const action = (args: Route.ActionArgs) =>
  formAction(args, async ({ values }) => {
    const { deps } = args.context;
    const userId = await completeAdminSetup(deps, values);
    const admin = await findUserById(deps.db, userId);
    await args.context.session.signIn(admin!);
    throw redirect("/admin");
  });

export default function AdminSetup() {
  const { csrfToken, token, refusal } = useLoaderData<typeof loader>();
  const result = useActionData<FormResult>();
  const form = useValidatedForm<{ email: string; password: string; token: string }>({
    schema: adminSetupSchema,
    defaultValues: { email: "", password: "", token: token ?? "" },
    result,
  });
  return (
    <section className="mx-auto flex w-full max-w-md flex-col gap-6 py-6">
      <h1 className="text-3xl font-black tracking-tight">Einrichtung</h1>
      {token === null ? (
        <FormAlert kind="error">{refusal}</FormAlert>
      ) : (
        <>
          <p>
            Lege das erste Admin-Konto dieser Seite an. Damit verwaltest Du Partys, Clubs,
            Veranstalter, Seiten und Einstellungen. Weitere Admins kannst Du danach im Admin-Bereich
            ernennen.
          </p>
          <FormAlert kind="error">{result?.formError}</FormAlert>
          <form method="post" noValidate onSubmit={form.onSubmit} className="flex flex-col gap-5">
            <CsrfField token={csrfToken} />
            <input type="hidden" name="token" value={token} />
            <EmailField {...form.field("email")} />
            <PasswordField
              label="Passwort"
              autoComplete="new-password"
              {...form.field("password")}
            />
            <SubmitButton>Admin-Konto anlegen</SubmitButton>
          </form>
        </>
      )}
    </section>
  );
}
