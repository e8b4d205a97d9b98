import { useActionData, useLoaderData } from "react-router";
import {
  emailChangeUndoneMessage,
  undoEmailChange,
  undoLinkInvalidMessage,
} from "#server/domain/accounts/my-data.server.ts";
import { isOneTimeTokenUsable } from "#server/domain/auth/one-time-tokens.server.ts";
import { CsrfField } from "#app/components/forms/csrf-field.tsx";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import { SubmitButton } from "#app/components/forms/submit-button.tsx";
import { formAction } from "#app/lib/form-action.server.ts";
import type { FormResult } from "#app/lib/form-result.ts";
import { privatePageMeta } from "#app/lib/private-page-meta.ts";
import type { Route } from "./+types/undo-email-change";

export const meta = privatePageMeta("E-Mail-Änderung zurücknehmen");

/** The link from the old address's notice: one button undoes the change and locks the account. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const usable =
    token !== "" && (await isOneTimeTokenUsable(context.deps, "email_change_undo", token));
  return {
    csrfToken: context.session.csrfToken,
    token,
    usable,
    invalidLinkMessage: undoLinkInvalidMessage,
  };
}

export const action = (args: Route.ActionArgs) =>
  formAction(args, async ({ values }) => {
    await undoEmailChange(args.context.deps, values);
    await args.context.session.signOut();
    return { success: emailChangeUndoneMessage };
  });

export default function UndoEmailChange() {
  const { csrfToken, token, usable, invalidLinkMessage } = useLoaderData<typeof loader>();
  const result = useActionData<FormResult>();
  return (
    <section className="mx-auto flex max-w-xl flex-col gap-5">
      <h1 className="font-display text-3xl font-bold">E-Mail-Änderung zurücknehmen</h1>
      <FormAlert kind="success">{result?.success}</FormAlert>
      <FormAlert kind="error">{result?.formError ?? result?.fieldErrors.token?.[0]}</FormAlert>
      {result?.success ? null : usable ? (
        <form method="post" className="flex flex-col gap-5">
          <CsrfField token={csrfToken} />
          <input type="hidden" name="token" value={token} />
          <p>
            Jemand hat die E-Mail-Adresse Deines Kontos geändert. Warst Du das nicht, nimm die
            Änderung zurück: Wir sperren Dein Konto und beenden alle Anmeldungen.
          </p>
          <SubmitButton>Änderung rückgängig machen und Konto sperren</SubmitButton>
        </form>
      ) : (
        <FormAlert kind="error">{invalidLinkMessage}</FormAlert>
      )}
    </section>
  );
}
