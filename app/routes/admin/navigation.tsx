import { useActionData, useLoaderData } from "react-router";
import { menuToText } from "#common/menu-text.ts";
import { getNavigation } from "#server/domain/navigation/navigation.server.ts";
import { saveMenusFromText } from "#server/domain/navigation/navigation-editor.server.ts";
import { FieldError } from "#app/components/forms/field-error.tsx";
import { describedBy, hintId } from "#app/components/forms/field-message.ts";
import { CsrfField } from "#app/components/forms/csrf-field.tsx";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import { SubmitButton } from "#app/components/forms/submit-button.tsx";
import { inputClass } from "#app/components/forms/text-field.tsx";
import { formAction } from "#app/lib/form-action.server.ts";
import type { FormResult } from "#app/lib/form-result.ts";
import { actorOf, requireAdmin } from "#app/lib/session.server.ts";
import { privatePageMeta } from "#app/lib/private-page-meta.ts";
import type { Route } from "./+types/navigation";

export const meta = privatePageMeta("Menüs");

const menus = [
  { key: "main", label: "Hauptmenü (Menü-Fenster)" },
  { key: "footer", label: "Fußzeile" },
] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const navigation = await getNavigation(context.deps);
  return {
    csrfToken: context.session.csrfToken,
    main: menuToText(navigation.main),
    footer: menuToText(navigation.footer),
  };
}

export const action = (args: Route.ActionArgs) => {
  const actor = actorOf(requireAdmin(args.request, args.context), args.context);
  return formAction(args, async ({ values }) => {
    await saveMenusFromText(args.context.deps, actor, values);
    return { success: "Menüs gespeichert." };
  });
};

/** The menus as text: "Bezeichnung | /pfad" per line, "- " for a submenu entry. */
export default function Navigation() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<FormResult>();
  return (
    <section className="flex max-w-2xl flex-col gap-6">
      <h1 className="text-3xl font-black tracking-tight">Menüs</h1>
      <FormAlert kind="success">{result?.success}</FormAlert>
      <FormAlert kind="error">{result?.formError}</FormAlert>
      <form method="post" className="flex flex-col gap-5">
        <CsrfField token={data.csrfToken} />
        {menus.map(({ key, label }) => {
          const error = result?.fieldErrors[key]?.[0];
          return (
            <div key={key} className="flex flex-col gap-1.5">
              <label htmlFor={key} className="font-semibold">
                {label}
              </label>
              <p id={hintId(key)} className="text-sm text-muted">
                Ein Eintrag pro Zeile: „Bezeichnung | /pfad“; „- “ davor für einen Untereintrag.
              </p>
              <textarea
                id={key}
                name={key}
                rows={10}
                defaultValue={data[key]}
                aria-invalid={error ? true : undefined}
                aria-describedby={describedBy(key, true, error)}
                className={`${inputClass} py-3 font-mono text-sm`}
              />
              <FieldError name={key} message={error} />
            </div>
          );
        })}
        <SubmitButton>Speichern</SubmitButton>
      </form>
    </section>
  );
}
