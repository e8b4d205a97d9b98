import { Link, useActionData, useLoaderData } from "react-router";
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
import { EmailField } from "#app/components/forms/email-field.tsx";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import { PasswordField } from "#app/components/forms/password-field.tsx";
import { SubmitButton } from "#app/components/forms/submit-button.tsx";
import { useValidatedForm } from "#app/components/forms/use-validated-form.ts";
import { formAction } from "#app/lib/form-action.server.ts";
import type { FormResult } from "#app/lib/form-result.ts";
import { privatePageMeta } from "#app/lib/private-page-meta.ts";
import type { Route } from "./+types/forgot-password";

export const meta = privatePageMeta("Passwort vergessen");

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

export const action = (args: Route.ActionArgs) =>
  formAction(args, async ({ values }) => {
    const { deps, session } = args.context;
    if (typeof values.token === "string") {
      await resetPassword(deps, values, session.client);
      return { success: "Dein neues Passwort ist gesetzt. Du kannst Dich jetzt anmelden." };
    }
    const { delivery } = await requestPasswordReset(deps, values, session.client);
    delivery.catch((error: unknown) => console.error("Password reset mail failed", error));
    return { success: passwordResetRequestedMessage };
  });

function RequestLinkForm({ csrfToken, result }: { csrfToken: string; result?: FormResult }) {
  const form = useValidatedForm<{ email: string }>({
    schema: passwordResetRequestSchema,
    defaultValues: { email: "" },
    result,
  });
  return (
    <form method="post" noValidate onSubmit={form.onSubmit} className="flex flex-col gap-5">
      <CsrfField token={csrfToken} />
      <EmailField {...form.field("email")} />
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
        {...form.field("new_password")}
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
