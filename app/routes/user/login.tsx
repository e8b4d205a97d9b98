import { data, Link, redirect, useActionData, useLoaderData } from "react-router";
import { loginSchema } from "#common/schemas/account.ts";
import { checkCredentials } from "#server/domain/accounts/credentials.server.ts";
import { CsrfField } from "#app/components/forms/csrf-field.tsx";
import { messageOf } from "#app/components/forms/field-message.ts";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import { PasswordField } from "#app/components/forms/password-field.tsx";
import { SubmitButton } from "#app/components/forms/submit-button.tsx";
import { TextField } from "#app/components/forms/text-field.tsx";
import { useValidatedForm } from "#app/components/forms/use-validated-form.ts";
import { confirmEmailFromLink } from "#app/lib/email-confirmation.server.ts";
import { formFailure } from "#app/lib/form-failure.server.ts";
import type { FormResult } from "#app/lib/form-result.ts";
import { safeReturnPath } from "#app/lib/return-path.ts";
import { formValues, requireCsrf, tooManyAttemptsMessage } from "#app/lib/session.server.ts";
import { pageTitle } from "#app/lib/site-meta.ts";
import type { Route } from "./+types/login";

export function meta({ matches }: Route.MetaArgs) {
  return [
    { title: pageTitle("Anmelden", matches[0]?.loaderData) },
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const returnTo = safeReturnPath(url.searchParams.get("weiter"));
  const token = url.searchParams.get("bestaetigung");
  if (!token && context.session.user) throw redirect(returnTo);
  const notice = token ? await confirmEmailFromLink(context, token) : null;
  return { csrfToken: context.session.csrfToken, returnTo, notice };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  requireCsrf(context, formData.get("csrf"));
  const attempt = await context.session.consumeAttempt("login");
  if (!attempt.allowed) {
    return data<FormResult>(
      { fieldErrors: {}, formError: tooManyAttemptsMessage(attempt.retryAfterSeconds) },
      { status: 429 },
    );
  }
  try {
    const user = await checkCredentials(context.deps, formValues(formData));
    await context.session.signIn(user);
  } catch (error) {
    return formFailure(error);
  }
  throw redirect(safeReturnPath(String(formData.get("weiter") ?? "")));
}

export default function Login() {
  const { csrfToken, returnTo, notice } = useLoaderData<typeof loader>();
  const result = useActionData<FormResult>();
  const form = useValidatedForm<{ email: string; password: string }>({
    schema: loginSchema,
    defaultValues: { email: "", password: "" },
    result,
  });
  const { errors } = form.formState;
  return (
    <section className="mx-auto flex w-full max-w-md flex-col gap-6 py-6">
      <h1 className="text-3xl font-black tracking-tight">Anmelden</h1>
      {notice ? <FormAlert kind={notice.kind}>{notice.text}</FormAlert> : null}
      <FormAlert kind="error">{result?.formError}</FormAlert>
      <form method="post" noValidate onSubmit={form.onSubmit} className="flex flex-col gap-5">
        <CsrfField token={csrfToken} />
        <input type="hidden" name="weiter" value={returnTo} />
        <TextField
          label="E-Mail-Adresse"
          type="email"
          inputMode="email"
          autoComplete="email"
          required
          registration={form.register("email")}
          error={messageOf(errors, "email")}
        />
        <PasswordField
          label="Passwort"
          autoComplete="current-password"
          registration={form.register("password")}
          error={messageOf(errors, "password")}
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
