import { redirect, useActionData, useLoaderData } from "react-router";
import {
  deleteAccountSchema,
  organizerProfileSchema,
  profileSchema,
} from "#common/schemas/account.ts";
import { deleteAccount } from "#server/domain/accounts/account-deletion.server.ts";
import { getMyData, updateMyProfile } from "#server/domain/accounts/my-data.server.ts";
import { saveOwnOrganizer } from "#server/domain/accounts/organizer-profile.server.ts";
import { CsrfField } from "#app/components/forms/csrf-field.tsx";
import { messageOf } from "#app/components/forms/field-message.ts";
import { EmailField } from "#app/components/forms/email-field.tsx";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import { PasswordField } from "#app/components/forms/password-field.tsx";
import { SubmitButton } from "#app/components/forms/submit-button.tsx";
import { TextField } from "#app/components/forms/text-field.tsx";
import { useValidatedForm } from "#app/components/forms/use-validated-form.ts";
import { formAction, refuseUnknownIntent } from "#app/lib/form-action.server.ts";
import type { FormResult } from "#app/lib/form-result.ts";
import { requireUser } from "#app/lib/session.server.ts";
import { privatePageMeta } from "#app/lib/private-page-meta.ts";
import type { Route } from "./+types/my-data";

export const meta = privatePageMeta("Meine Daten");

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const myData = await getMyData(context.deps, user.id);
  return { csrfToken: context.session.csrfToken, myData };
}

type Intent = "profile" | "organizer" | "delete";

export const action = (args: Route.ActionArgs) => {
  const user = requireUser(args.request, args.context);
  const { deps, session } = args.context;
  return formAction(args, async ({ values, intent }) => {
    if (intent === "profile") {
      const { emailChangePending } = await updateMyProfile(deps, user.id, values);
      return {
        success: emailChangePending
          ? "Gespeichert. Bitte bestätige Deine neue E-Mail-Adresse über den Link, den wir Dir geschickt haben."
          : "Gespeichert.",
      };
    }
    if (intent === "organizer") {
      await saveOwnOrganizer(deps, user.id, values);
      return { success: "Gespeichert." };
    }
    if (intent !== "delete") refuseUnknownIntent();
    await deleteAccount(deps, user.id, values, { ip: session.ip });
    await session.signOut();
    throw redirect("/");
  });
};

const resultFor = (result: FormResult | undefined, intent: Intent) =>
  result?.intent === intent ? result : undefined;

function ProfileForm({ csrfToken, result }: { csrfToken: string; result?: FormResult }) {
  const { myData } = useLoaderData<typeof loader>();
  const form = useValidatedForm<{ display_name: string; email: string; current_password: string }>({
    schema: profileSchema,
    defaultValues: { display_name: myData.displayName, email: myData.email, current_password: "" },
    result,
  });
  return (
    <form method="post" noValidate onSubmit={form.onSubmit} className="flex flex-col gap-5">
      <CsrfField token={csrfToken} />
      <input type="hidden" name="intent" value="profile" />
      <FormAlert kind="success">{result?.success}</FormAlert>
      <TextField label="Dein Name" autoComplete="name" required {...form.field("display_name")} />
      <EmailField
        {...form.field("email")}
        hint="Eine neue Adresse gilt, sobald Du sie über den Link in unserer E-Mail bestätigt hast."
      />
      <PasswordField
        label="Aktuelles Passwort (nur für eine neue E-Mail-Adresse)"
        autoComplete="current-password"
        optional
        {...form.field("current_password")}
      />
      <SubmitButton>Profil speichern</SubmitButton>
    </form>
  );
}

interface OrganizerValues {
  name: string;
  description: string;
  website: string;
  instagram: string;
  tiktok: string;
  facebook: string;
}

function OrganizerForm({ csrfToken, result }: { csrfToken: string; result?: FormResult }) {
  const { myData } = useLoaderData<typeof loader>();
  const organizer = myData.organizers[0];
  const form = useValidatedForm<OrganizerValues>({
    schema: organizerProfileSchema,
    defaultValues: {
      name: organizer?.name ?? "",
      description: organizer?.description ?? "",
      website: organizer?.website ?? "",
      instagram: organizer?.instagram ?? "",
      tiktok: organizer?.tiktok ?? "",
      facebook: organizer?.facebook ?? "",
    },
    result,
  });
  const { errors } = form.formState;
  return (
    <form method="post" noValidate onSubmit={form.onSubmit} className="flex flex-col gap-5">
      <CsrfField token={csrfToken} />
      <input type="hidden" name="intent" value="organizer" />
      <FormAlert kind="success">{result?.success}</FormAlert>
      <TextField
        label="Name des Veranstalters"
        autoComplete="organization"
        required
        {...form.field("name")}
      />
      <div className="flex flex-col gap-1.5">
        <label htmlFor="description" className="font-semibold">
          Beschreibung
        </label>
        <textarea
          id="description"
          rows={4}
          {...form.register("description")}
          aria-invalid={messageOf(errors, "description") ? true : undefined}
          aria-describedby={messageOf(errors, "description") ? "description-fehler" : undefined}
          className="w-full rounded-lg border border-line bg-card p-4 text-base"
        />
        {messageOf(errors, "description") ? (
          <p id="description-fehler" className="text-sm font-semibold text-danger">
            {messageOf(errors, "description")}
          </p>
        ) : null}
      </div>
      <TextField
        label="Website"
        type="url"
        inputMode="url"
        placeholder="https://"
        {...form.field("website")}
      />
      <TextField label="Instagram" prefix="@" autoCapitalize="none" {...form.field("instagram")} />
      <TextField label="TikTok" prefix="@" autoCapitalize="none" {...form.field("tiktok")} />
      <TextField
        label="Facebook"
        type="url"
        inputMode="url"
        placeholder="https://facebook.com/…"
        {...form.field("facebook")}
      />
      <SubmitButton>Veranstalter speichern</SubmitButton>
    </form>
  );
}

function DeleteAccountForm({ csrfToken, result }: { csrfToken: string; result?: FormResult }) {
  const form = useValidatedForm<{ password: string }>({
    schema: deleteAccountSchema,
    defaultValues: { password: "" },
    result,
  });
  return (
    <form method="post" noValidate onSubmit={form.onSubmit} className="flex flex-col gap-5">
      <CsrfField token={csrfToken} />
      <input type="hidden" name="intent" value="delete" />
      <p>
        Dein Konto, Deine Partys mit ihren Flyern und Veranstalter, für die nur Du handelst, werden
        endgültig gelöscht.
      </p>
      <PasswordField
        label="Passwort zur Bestätigung"
        autoComplete="current-password"
        {...form.field("password")}
      />
      <button
        type="submit"
        className="min-h-12 self-start rounded-full border-2 border-danger px-6 font-bold text-danger"
      >
        Konto endgültig löschen
      </button>
    </form>
  );
}

export default function MyData() {
  const { csrfToken } = useLoaderData<typeof loader>();
  const result = useActionData<FormResult>();
  return (
    <section className="mx-auto flex w-full max-w-xl flex-col gap-10 py-6">
      <h1 className="text-3xl font-black tracking-tight">Meine Daten</h1>
      <FormAlert kind="error">{result?.formError}</FormAlert>
      <section aria-labelledby="profil" className="flex flex-col gap-4">
        <h2 id="profil" className="text-xl font-bold">
          Profil
        </h2>
        <ProfileForm csrfToken={csrfToken} result={resultFor(result, "profile")} />
      </section>
      <section aria-labelledby="veranstalter" className="flex flex-col gap-4">
        <h2 id="veranstalter" className="text-xl font-bold">
          Veranstalter
        </h2>
        <OrganizerForm csrfToken={csrfToken} result={resultFor(result, "organizer")} />
      </section>
      <section aria-labelledby="datenschutz" className="flex flex-col gap-4">
        <h2 id="datenschutz" className="text-xl font-bold">
          Deine Daten nach DSGVO
        </h2>
        <p>
          <a href="/api/my-data/export/" download className="font-semibold text-accent underline">
            Alle meine Daten herunterladen (JSON)
          </a>
        </p>
        <details className="rounded-xl border border-line p-4">
          <summary className="cursor-pointer font-semibold">Konto löschen</summary>
          <div className="mt-4">
            <DeleteAccountForm csrfToken={csrfToken} result={resultFor(result, "delete")} />
          </div>
        </details>
      </section>
    </section>
  );
}
