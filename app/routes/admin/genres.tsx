import { Form, useActionData, useLoaderData } from "react-router";
import {
  deleteGenre,
  listGenresForAdmin,
  saveGenre,
} from "#server/domain/admin/catalogue-editor.server.ts";
import { CsrfField } from "#app/components/forms/csrf-field.tsx";
import { FieldError } from "#app/components/forms/field-error.tsx";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import { SubmitButton } from "#app/components/forms/submit-button.tsx";
import { inputClass } from "#app/components/forms/text-field.tsx";
import { formAction, refuseUnknownIntent } from "#app/lib/form-action.server.ts";
import type { FormResult } from "#app/lib/form-result.ts";
import { parseId } from "#app/lib/route-params.ts";
import { actorOf, requireAdmin } from "#app/lib/session.server.ts";
import { privatePageMeta } from "#app/lib/private-page-meta.ts";
import type { Route } from "./+types/genres";

export const meta = privatePageMeta("Genres");

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  return { csrfToken: context.session.csrfToken, ...(await listGenresForAdmin(context.deps)) };
}

export const action = (args: Route.ActionArgs) => {
  const actor = actorOf(requireAdmin(args.request, args.context), args.context);
  const { deps } = args.context;
  return formAction(
    args,
    async ({ values, intent }) => {
      if (intent === "add") {
        await saveGenre(deps, actor, null, values);
        return { success: "Genre angelegt." };
      }
      if (intent === "delete") {
        await deleteGenre(deps, actor, parseId(String(values.genreId ?? "")));
        return { success: "Genre gelöscht." };
      }
      return refuseUnknownIntent();
    },
    { checkboxes: ["isMain"] },
  );
};

/** The genres by category: add one, delete one. */
export default function Genres() {
  const { csrfToken, genres, categories } = useLoaderData<typeof loader>();
  const result = useActionData<FormResult>();
  const errors = result?.intent === "add" ? result.fieldErrors : {};
  return (
    <section className="flex flex-col gap-6">
      <h1 className="text-3xl font-black tracking-tight">Genres</h1>
      <FormAlert kind="success">{result?.success}</FormAlert>
      <FormAlert kind="error">{result?.formError}</FormAlert>
      <Form
        method="post"
        className="flex max-w-xl flex-col gap-4 rounded-xl border border-line bg-card p-5"
      >
        <CsrfField token={csrfToken} />
        <input type="hidden" name="intent" value="add" />
        <label htmlFor="name" className="font-semibold">
          Neues Genre
        </label>
        <input
          id="name"
          name="name"
          className={inputClass}
          aria-invalid={errors.name ? true : undefined}
        />
        <FieldError name="name" message={errors.name?.[0]} />
        <label htmlFor="categoryId" className="font-semibold">
          Kategorie
        </label>
        <select id="categoryId" name="categoryId" className={inputClass}>
          {categories.map((category) => (
            <option key={category.id} value={category.id}>
              {category.name}
            </option>
          ))}
        </select>
        <FieldError name="categoryId" message={errors.categoryId?.[0]} />
        <label className="flex items-center gap-3">
          <input type="checkbox" name="isMain" className="size-5 accent-accent" />
          Im Party-Formular als Hauptgenre anbieten
        </label>
        <SubmitButton>Anlegen</SubmitButton>
      </Form>
      {categories.map((category) => (
        <div key={category.id} className="flex flex-col gap-2">
          <h2 className="text-lg font-bold">{category.name}</h2>
          <ul className="flex flex-wrap gap-2">
            {genres
              .filter((genre) => genre.categoryId === category.id)
              .map((genre) => (
                <li key={genre.id}>
                  <Form
                    method="post"
                    className="flex items-center gap-2 rounded-full border border-line py-1 pr-1 pl-4"
                  >
                    <CsrfField token={csrfToken} />
                    <input type="hidden" name="genreId" value={genre.id} />
                    <span>{genre.isMain ? `${genre.name} ★` : genre.name}</span>
                    <button
                      type="submit"
                      name="intent"
                      value="delete"
                      aria-label={`${genre.name} löschen`}
                      className="min-h-9 rounded-full px-3 text-sm hover:bg-danger hover:text-white"
                    >
                      Löschen
                    </button>
                  </Form>
                </li>
              ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
