import { data, Link, useActionData, useLoaderData } from "react-router";
import { passwordResetConfirmSchema, passwordResetRequestSchema } from "#common/schemas/account.ts";
import {
  passwordResetRequestedMessage,
  requestPasswordReset,
  resetLinkInvalidMessage,
  resetPassword,
} from "#server/domain/accounts/passwords.server.ts";
import { isOneTimeTokenUsable } from "#server/domain/auth/one-time-tokens.server.ts";
import { CsrfField } from "#app/components/forms/csrf-field.tsx";
import { messageOf } from "#app/components/forms/field-message.ts";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import { PasswordField } from "#app/components/forms/password-field.tsx";
import { SubmitButton } from "#app/components/forms/submit-button.tsx";
import { TextField } from "#app/components/forms/text-field.tsx";
import { useValidatedForm } from "#app/components/forms/use-validated-form.ts";
import { formFailure } from "#app/lib/form-failure.server.ts";
import type { FormResult } from "#app/lib/form-result.ts";
import { formValues, requireCsrf, tooManyAttemptsMessage } from "#app/lib/session.server.ts";
import { pageTitle } from "#app/lib/site-meta.ts";
import type { Route } from "./+types/forgot-password";

export function meta({ matches }: Route.MetaArgs) {
  return [
    { title: pageTitle("Passwort vergessen", matches[0]?.loaderData) },
    { name: "robots", content: "noindex" },
  ];
}

/** Without `?token=`: ask for a link. With it (from the mail): set the new password. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const tokenUsable =
    token !== null && (await isOneTimeTokenUsable(context.deps, "password_reset", token));
  return {
    csrfToken: context.session.csrfToken,
    token,
    tokenUsable,
    invalidLinkMessage: resetLinkInvalidMessage,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  requireCsrf(context, formData.get("csrf"));
  const attempt = await context.session.consumeAttempt("passwordReset");
  if (!attempt.allowed) {
    return data<FormResult>(
      { fieldErrors: {}, formError: tooManyAttemptsMessage(attempt.retryAfterSeconds) },
      { status: 429 },
    );
  }
  const values = formValues(formData);
  try {
    if (typeof values.token === "string") {
      await resetPassword(context.deps, values);
      return data<FormResult>({
        fieldErrors: {},
        success: "Dein neues Passwort ist gesetzt. Du kannst Dich jetzt anmelden.",
      });
    }
    await requestPasswordReset(context.deps, values);
  } catch (error) {
    return formFailure(error);
  }
  return data<FormResult>({ fieldErrors: {}, success: passwordResetRequestedMessage });
}

function RequestLinkForm({ csrfToken, result }: { csrfToken: string; result?: FormResult }) {
  const form = useValidatedForm<{ email: string }>({
    schema: passwordResetRequestSchema,
    defaultValues: { email: "" },
    result,
  });
  return (
    <form method="post" noValidate onSubmit={form.onSubmit} className="flex flex-col gap-5">
      <CsrfField token={csrfToken} />
      <TextField
        label="E-Mail-Adresse"
        type="email"
        inputMode="email"
        autoComplete="email"
        required
        registration={form.register("email")}
        error={messageOf(form.formState.errors, "email")}
      />
      <SubmitButton>Link schicken</SubmitButton>
    </form>
  );
}

function NewPasswordForm({
  csrfToken,
  token,
  result,
}: {
  csrfToken: string;
  token: string;
  result?: FormResult;
}) {
  const form = useValidatedForm<{ token: string; new_password: string }>({
    schema: passwordResetConfirmSchema,
    defaultValues: { token, new_password: "" },
    result,
  });
  const { errors } = form.formState;
  return (
    <form method="post" noValidate onSubmit={form.onSubmit} className="flex flex-col gap-5">
      <CsrfField token={csrfToken} />
      <input type="hidden" {...form.register("token")} />
      <FormAlert kind="error">{messageOf(errors, "token")}</FormAlert>
      <PasswordField
        label="Neues Passwort"
        autoComplete="new-password"
        hint="Mindestens 8 Zeichen."
        registration={form.register("new_password")}
        error={messageOf(errors, "new_password")}
      />
      <SubmitButton>Passwort setzen</SubmitButton>
    </form>
  );
}

export default function ForgotPassword() {
  const { csrfToken, token, tokenUsable, invalidLinkMessage } = useLoaderData<typeof loader>();
  const result = useActionData<FormResult>();
  return (
    <section className="mx-auto flex w-full max-w-md flex-col gap-6 py-6">
      <h1 className="text-3xl font-black tracking-tight">
        {token ? "Neues Passwort setzen" : "Passwort vergessen"}
      </h1>
      <FormAlert kind="error">{result?.formError}</FormAlert>
      {result?.success ? (
        <>
          <FormAlert kind="success">{result.success}</FormAlert>
          <Link to="/user/login" className="font-semibold text-accent underline">
            Zur Anmeldung
          </Link>
        </>
      ) : token && !tokenUsable ? (
        <>
          <FormAlert kind="error">{invalidLinkMessage}</FormAlert>
          <Link to="/user/passwort-vergessen" className="font-semibold text-accent underline">
            Neuen Link anfordern
          </Link>
        </>
      ) : token ? (
        <NewPasswordForm csrfToken={csrfToken} token={token} result={result} />
      ) : (
        <>
          <p className="text-muted">
            Gib Deine E-Mail-Adresse ein. Wir schicken Dir einen Link, mit dem Du ein neues Passwort
            setzt; er gilt eine Stunde.
          </p>
          <RequestLinkForm csrfToken={csrfToken} result={result} />
        </>
      )}
    </section>
  );
}
