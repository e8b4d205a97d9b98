import { Link, redirect, useActionData, useLoaderData } from "react-router";
import { registerSchema } from "#common/schemas/account.ts";
import { termsOfUsePath } from "#common/urls.ts";
import {
  registerUser,
  registrationReceivedMessage,
} from "#server/domain/accounts/registration.server.ts";
import { CheckboxField } from "#app/components/forms/checkbox-field.tsx";
import { CsrfField } from "#app/components/forms/csrf-field.tsx";
import { EmailField } from "#app/components/forms/email-field.tsx";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import { PasswordField } from "#app/components/forms/password-field.tsx";
import { SubmitButton } from "#app/components/forms/submit-button.tsx";
import { TextField } from "#app/components/forms/text-field.tsx";
import { useValidatedForm } from "#app/components/forms/use-validated-form.ts";
import { formAction } from "#app/lib/form-action.server.ts";
import type { FormResult } from "#app/lib/form-result.ts";
import { privatePageMeta } from "#app/lib/private-page-meta.ts";
import type { Route } from "./+types/register";

export const meta = privatePageMeta("Registrieren");

export async function loader({ context }: Route.LoaderArgs) {
  if (context.session.user) throw redirect("/user");
  return { csrfToken: context.session.csrfToken };
}

export const action = (args: Route.ActionArgs) =>
  formAction(
    args,
    async ({ values }) => {
      await registerUser(args.context.deps, values, args.context.session.client);
      return { success: registrationReceivedMessage };
    },
    { checkboxes: ["accept_terms"] },
  );

interface RegisterValues {
  email: string;
  password: string;
  display_name: string;
  organizer_name: string;
  accept_terms: boolean;
  contact_email: string;
}

export default function Register() {
  const { csrfToken } = useLoaderData<typeof loader>();
  const result = useActionData<FormResult>();
  const form = useValidatedForm<RegisterValues>({
    schema: registerSchema,
    defaultValues: {
      email: "",
      password: "",
      display_name: "",
      organizer_name: "",
      accept_terms: false,
      contact_email: "",
    },
    result,
  });
  if (result?.success) {
    return (
      <section className="mx-auto flex w-full max-w-md flex-col gap-4 py-6">
        <h1 className="text-3xl font-black tracking-tight">Fast geschafft!</h1>
        <p role="status">Bitte bestätige noch die E-Mail, die wir Dir zugesendet haben.</p>
      </section>
    );
  }
  return (
    <section className="mx-auto flex w-full max-w-md flex-col gap-6 py-6">
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-black tracking-tight">Registrieren</h1>
        <p className="text-muted">
          Mit Deinem Konto trägst Du Deine Partys ein – in wenigen Minuten, auch vom Handy.
        </p>
      </div>
      <FormAlert kind="error">{result?.formError}</FormAlert>
      <form method="post" noValidate onSubmit={form.onSubmit} className="flex flex-col gap-5">
        <CsrfField token={csrfToken} />
        <EmailField {...form.field("email")} />
        <PasswordField
          label="Passwort"
          autoComplete="new-password"
          hint="Mindestens 8 Zeichen. Ein langer Satz ist besser als Sonderzeichen."
          {...form.field("password")}
        />
        <TextField label="Dein Name" autoComplete="name" required {...form.field("display_name")} />
        <TextField
          label="Veranstalter (optional)"
          autoComplete="organization"
          hint="Dein Kollektiv, Label oder Club – unter diesem Namen erscheinen Deine Partys."
          {...form.field("organizer_name")}
        />
        {/* The honeypot: hidden from people and screen readers, filled in by bots. */}
        <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
          <label htmlFor="contact_email">Kontakt-E-Mail</label>
          <input
            id="contact_email"
            type="email"
            tabIndex={-1}
            autoComplete="off"
            {...form.register("contact_email")}
          />
        </div>
        <CheckboxField
          label={
            <>
              Ich stimme den{" "}
              <Link to={termsOfUsePath} className="underline">
                Nutzungsbedingungen
              </Link>{" "}
              und der{" "}
              <Link to="/datenschutzerklaerung" className="underline">
                Datenschutzerklärung
              </Link>{" "}
              zu.
            </>
          }
          {...form.field("accept_terms")}
        />
        <SubmitButton>Konto anlegen</SubmitButton>
      </form>
      <p className="text-sm">
        Schon dabei?{" "}
        <Link to="/user/login" className="font-semibold text-accent underline">
          Anmelden
        </Link>
      </p>
    </section>
  );
}
