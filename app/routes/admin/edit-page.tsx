import { useActionData, useLoaderData } from "react-router";
import { pagePath } from "#common/reserved-paths.ts";
import { pageEditSchema, pageSlugSchema } from "#common/schemas/admin.ts";
import type { z } from "#common/schemas/german-errors.ts";
import { adminPaths } from "#common/urls.ts";
import { getEditablePage, previewPage, savePage } from "#server/domain/pages/page-editor.server.ts";
import { CsrfField } from "#app/components/forms/csrf-field.tsx";
import { FieldError } from "#app/components/forms/field-error.tsx";
import { describedBy, hintId } from "#app/components/forms/field-message.ts";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import { TextField, inputClass } from "#app/components/forms/text-field.tsx";
import { useValidatedForm } from "#app/components/forms/use-validated-form.ts";
import { formAction, refuseUnknownIntent } from "#app/lib/form-action.server.ts";
import type { FormResult } from "#app/lib/form-result.ts";
import { actorOf, requireAdmin } from "#app/lib/session.server.ts";
import { privatePageMeta } from "#app/lib/private-page-meta.ts";
import type { Route } from "./+types/edit-page";

export const meta = privatePageMeta("Seite bearbeiten");

/** `/admin/seiten/neu` starts a new page; any other slug edits that page. */
const NEW_PAGE = "neu";

const pageFormSchema = pageEditSchema.extend({ slug: pageSlugSchema });
type PageForm = z.input<typeof pageFormSchema>;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const page = params.slug === NEW_PAGE ? null : await getEditablePage(context.deps, params.slug);
  return {
    csrfToken: context.session.csrfToken,
    isNew: page === null,
    page: page ?? { slug: "", title: "", body: "" },
  };
}

interface PageEditResult extends FormResult {
  previewHtml?: string;
}

export const action = (args: Route.ActionArgs) => {
  const actor = actorOf(requireAdmin(args.request, args.context), args.context);
  return formAction<PageEditResult>(args, async ({ values, intent }) => {
    if (intent === "preview") return { previewHtml: previewPage({ body: values.body }).html };
    if (intent !== "save") return refuseUnknownIntent();
    const saved = await savePage(args.context.deps, actor, values.slug, {
      title: values.title,
      body: values.body,
    });
    return { success: `Gespeichert: ${pagePath(saved.slug)}` };
  });
};

export default function EditPage() {
  const { csrfToken, isNew, page } = useLoaderData<typeof loader>();
  const result = useActionData<PageEditResult>();
  const form = useValidatedForm<PageForm>({
    schema: pageFormSchema,
    defaultValues: page,
    result,
  });
  const body = form.field("body");
  // One form, two buttons: the hidden intent says which one sent it (the browser's own post
  // without scripts saves).
  const choose = (value: "save" | "preview") => (event: React.MouseEvent<HTMLButtonElement>) => {
    const intent = event.currentTarget.form?.elements.namedItem("intent");
    if (intent instanceof HTMLInputElement) intent.value = value;
  };
  return (
    <section className="flex flex-col gap-6">
      <h1 className="text-3xl font-black tracking-tight">
        {isNew ? "Neue Seite" : `${page.title} bearbeiten`}
      </h1>
      <FormAlert kind="success">{result?.success}</FormAlert>
      <FormAlert kind="error">{result?.formError}</FormAlert>
      <form method="post" noValidate onSubmit={form.onSubmit} className="flex flex-col gap-5">
        <CsrfField token={csrfToken} />
        <input type="hidden" name="intent" defaultValue="save" />
        {isNew ? (
          <TextField
            label="Adresse (nach dem /)"
            hint="Kleinbuchstaben, Ziffern und Bindestriche, z. B. ueber-uns."
            {...form.field("slug")}
          />
        ) : (
          <input type="hidden" {...form.register("slug")} />
        )}
        <TextField label="Titel" {...form.field("title")} />
        <div className="flex flex-col gap-1.5">
          <label htmlFor="body" className="font-semibold">
            Text (Markdown)
          </label>
          <p id={hintId("body")} className="text-sm text-muted">
            „## Überschrift“ wird zu einem Abschnitt mit Anker (FAQ: eine Frage je Überschrift).
            Platzhalter wie {"{{operator.name}}"} füllt die Seite aus den Einstellungen.
          </p>
          <textarea
            id="body"
            rows={18}
            {...body.registration}
            aria-invalid={body.error ? true : undefined}
            aria-describedby={describedBy("body", true, body.error)}
            className={`${inputClass} py-3 font-mono text-sm`}
          />
          <FieldError name="body" message={body.error} />
        </div>
        <div className="flex flex-wrap gap-3">
          <button
            type="submit"
            onClick={choose("save")}
            className="inline-flex min-h-12 items-center rounded-full bg-accent px-8 font-bold text-accent-ink"
          >
            Speichern
          </button>
          <button
            type="submit"
            onClick={choose("preview")}
            className="inline-flex min-h-12 items-center rounded-full border border-line px-8 font-semibold hover:border-accent"
          >
            Vorschau
          </button>
        </div>
      </form>
      {result?.previewHtml ? (
        <section aria-label="Vorschau" className="rounded-xl border border-line bg-card p-5">
          <h2 className="mb-3 text-sm font-semibold tracking-[0.2em] uppercase">Vorschau</h2>
          <div className="prose-page" dangerouslySetInnerHTML={{ __html: result.previewHtml }} />
        </section>
      ) : null}
      <p>
        <a href={adminPaths.pages} className="underline">
          Zurück zu allen Seiten
        </a>
      </p>
    </section>
  );
}
