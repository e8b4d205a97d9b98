import { Link, redirect, useActionData, useLoaderData } from "react-router";
import { loginSchema } from "#common/schemas/account.ts";
import { hasAdmin } from "#server/domain/accounts/admin-setup.server.ts";
import { checkCredentials } from "#server/domain/accounts/credentials.server.ts";
import { CsrfField } from "#app/components/forms/csrf-field.tsx";
import { EmailField } from "#app/components/forms/email-field.tsx";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import { PasswordField } from "#app/components/forms/password-field.tsx";
import { SubmitButton } from "#app/components/forms/submit-button.tsx";
import { useValidatedForm } from "#app/components/forms/use-validated-form.ts";
import { confirmEmailFromLink } from "#app/lib/email-confirmation.server.ts";
import { formAction } from "#app/lib/form-action.server.ts";
import type { FormResult } from "#app/lib/form-result.ts";
import { safeReturnPath } from "#app/lib/return-path.ts";
import { privatePageMeta } from "#app/lib/private-page-meta.ts";
import type { Route } from "./+types/login";

export const meta = privatePageMeta("Anmelden");

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const returnTo = safeReturnPath(url.searchParams.get("weiter"));
  const token = url.searchParams.get("bestaetigung");
  if (!token && context.session.user) throw redirect(returnTo);
  const notice = token ? await confirmEmailFromLink(context, token) : null;
  // A fresh site: tell its operator where the way to the first admin account is (decision 0202).
  const withoutAdmin = !(await hasAdmin(context.deps));
  return { csrfToken: context.session.csrfToken, returnTo, notice, withoutAdmin };
}

export const action = (args: Route.ActionArgs) =>
  formAction(args, async ({ values }) => {
    const user = await checkCredentials(args.context.deps, values, args.context.session.client);
    await args.context.session.signIn(user);
    throw redirect(safeReturnPath(typeof values.weiter === "string" ? values.weiter : null));
  });

export default function Login() {
  const { csrfToken, returnTo, notice, withoutAdmin } = useLoaderData<typeof loader>();
  const result = useActionData<FormResult>();
  const form = useValidatedForm<{ email: string; password: string }>({
    schema: loginSchema,
    defaultValues: { email: "", password: "" },
    result,
  });
  return (
    <section className="mx-auto flex w-full max-w-md flex-col gap-6 py-6">
      <h1 className="text-3xl font-black tracking-tight">Anmelden</h1>
      {notice ? <FormAlert kind={notice.kind}>{notice.text}</FormAlert> : null}
      {withoutAdmin ? (
        <p className="rounded-lg border border-line px-4 py-3 text-sm">
          Diese Seite hat noch kein Admin-Konto. Den Link zur Einrichtung schreibt der Server bei
          jedem Start in seine Konsole, bis es eins gibt.
        </p>
      ) : null}
      <FormAlert kind="error">{result?.formError}</FormAlert>
      <form method="post" noValidate onSubmit={form.onSubmit} className="flex flex-col gap-5">
        <CsrfField token={csrfToken} />
        <input type="hidden" name="weiter" value={returnTo} />
        <EmailField {...form.field("email")} />
        <PasswordField
          label="Passwort"
          autoComplete="current-password"
          {...form.field("password")}
        />
        <SubmitButton>Anmelden</SubmitButton>
      </form>
      <p className="flex flex-col gap-2 text-sm">
        <Link to="/user/passwort-vergessen" className="font-semibold text-accent underline">
          Passwort vergessen?
        </Link>
        <span>
          Neu hier?{" "}
          <Link to="/user/registrieren" className="font-semibold text-accent underline">
            Jetzt registrieren und Partys eintragen
          </Link>
        </span>
      </p>
    </section>
  );
}
