import type { ReactNode } from "react";
import { Form, useActionData, useLoaderData } from "react-router";
import {
  deleteGenre,
  listGenresForAdmin,
  saveGenre,
} from "#server/domain/admin/catalogue-editor.server.ts";
import {
  deleteGenreCategory,
  saveGenreCategory,
} from "#server/domain/admin/genre-categories.server.ts";
import { CsrfField } from "#app/components/forms/csrf-field.tsx";
import { FieldError } from "#app/components/forms/field-error.tsx";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import { SubmitButton } from "#app/components/forms/submit-button.tsx";
import { inputClass } from "#app/components/forms/text-field.tsx";
import { formAction, refuseUnknownIntent } from "#app/lib/form-action.server.ts";
import type { FormResult } from "#app/lib/form-result.ts";
import { parsePostedId } from "#app/lib/route-params.ts";
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
      switch (intent) {
        case "add":
          await saveGenre(deps, actor, null, values);
          return { success: "Genre angelegt." };
        case "update":
          await saveGenre(deps, actor, parsePostedId(values.genreId), values);
          return { success: "Genre gespeichert." };
        case "delete":
          await deleteGenre(deps, actor, parsePostedId(values.genreId));
          return { success: "Genre gelöscht." };
        case "add-category":
          await saveGenreCategory(deps, actor, null, values);
          return { success: "Kategorie angelegt." };
        case "rename-category":
          await saveGenreCategory(deps, actor, parsePostedId(values.categoryId), values);
          return { success: "Kategorie umbenannt." };
        case "delete-category":
          await deleteGenreCategory(deps, actor, parsePostedId(values.categoryId));
          return { success: "Kategorie gelöscht." };
        default:
          return refuseUnknownIntent();
      }
    },
    // Refusals come back with the values, so the right row shows its field error.
    { checkboxes: ["isMain"], mapValues: (values) => values },
  );
};

type Category = { id: number; name: string };

/** The field error of a row's form: only when that row's form was the one refused. */
function rowError(
  result: FormResult | undefined,
  intent: string,
  key: string,
  id: number,
  field: string,
) {
  if (result?.intent !== intent || String(result.values?.[key]) !== String(id)) return undefined;
  return result.fieldErrors[field]?.[0];
}

function CategoryChoice({ categories }: { categories: Category[] }) {
  return categories.map((category) => (
    <option key={category.id} value={category.id}>
      {category.name}
    </option>
  ));
}

/** A card form that adds something by name (a genre, a category), with optional extra fields. */
function AddForm({
  intent,
  inputId,
  label,
  error,
  submitLabel,
  csrfToken,
  className,
  children,
}: {
  intent: string;
  inputId: string;
  label: string;
  error: string | undefined;
  submitLabel: string;
  csrfToken: string;
  className: string;
  children?: ReactNode;
}) {
  return (
    <Form
      method="post"
      className={`flex flex-1 flex-col gap-4 rounded-xl border border-line bg-card p-5 ${className}`}
    >
      <CsrfField token={csrfToken} />
      <input type="hidden" name="intent" value={intent} />
      <label htmlFor={inputId} className="font-semibold">
        {label}
      </label>
      <input
        id={inputId}
        name="name"
        className={inputClass}
        aria-invalid={error ? true : undefined}
      />
      <FieldError name={inputId} message={error} />
      {children}
      <SubmitButton>{submitLabel}</SubmitButton>
    </Form>
  );
}

/** The genres by category: categories added, renamed and deleted; genres added, edited, moved and deleted. */
export default function Genres() {
  const { csrfToken, genres, categories } = useLoaderData<typeof loader>();
  const result = useActionData<FormResult>();
  const errors = result?.intent === "add" ? result.fieldErrors : {};
  const categoryErrors = result?.intent === "add-category" ? result.fieldErrors : {};
  return (
    <section className="flex flex-col gap-6">
      <h1 className="text-3xl font-black tracking-tight">Genres</h1>
      <FormAlert kind="success">{result?.success}</FormAlert>
      <FormAlert kind="error">{result?.formError}</FormAlert>
      <div className="flex flex-wrap gap-6">
        <AddForm
          intent="add"
          inputId="name"
          label="Neues Genre"
          error={errors.name?.[0]}
          submitLabel="Anlegen"
          csrfToken={csrfToken}
          className="max-w-xl"
        >
          <label htmlFor="categoryId" className="font-semibold">
            Kategorie
          </label>
          <select id="categoryId" name="categoryId" className={inputClass}>
            <CategoryChoice categories={categories} />
          </select>
          <FieldError name="categoryId" message={errors.categoryId?.[0]} />
          <label className="flex items-center gap-3">
            <input type="checkbox" name="isMain" className="size-5 accent-accent" />
            Im Party-Formular als Hauptgenre anbieten
          </label>
        </AddForm>
        <AddForm
          intent="add-category"
          inputId="category-name"
          label="Neue Kategorie"
          error={categoryErrors.name?.[0]}
          submitLabel="Kategorie anlegen"
          csrfToken={csrfToken}
          className="max-w-md"
        />
      </div>
      {categories.map((category) => {
        const renameError = rowError(result, "rename-category", "categoryId", category.id, "name");
        return (
          <div key={category.id} className="flex flex-col gap-3">
            <h2 className="text-lg font-bold">{category.name}</h2>
            <Form method="post" className="flex flex-wrap items-start gap-2">
              <CsrfField token={csrfToken} />
              <input type="hidden" name="categoryId" value={category.id} />
              <label htmlFor={`category-${category.id}`} className="sr-only">
                Name der Kategorie {category.name}
              </label>
              <div className="flex flex-col gap-1">
                <input
                  id={`category-${category.id}`}
                  name="name"
                  defaultValue={category.name}
                  className={inputClass}
                  aria-invalid={renameError ? true : undefined}
                />
                <FieldError name={`category-${category.id}`} message={renameError} />
              </div>
              <button
                type="submit"
                name="intent"
                value="rename-category"
                className="min-h-11 rounded-full border border-line px-4 font-semibold"
              >
                Umbenennen
              </button>
              <button
                type="submit"
                name="intent"
                value="delete-category"
                aria-label={`Kategorie ${category.name} löschen`}
                className="min-h-11 rounded-full px-4 text-sm hover:bg-danger hover:text-white"
              >
                Kategorie löschen
              </button>
            </Form>
            <ul className="flex flex-col gap-2">
              {genres
                .filter((genre) => genre.categoryId === category.id)
                .map((genre) => {
                  const nameError = rowError(result, "update", "genreId", genre.id, "name");
                  return (
                    <li key={genre.id}>
                      <Form
                        method="post"
                        className="flex flex-wrap items-center gap-2 rounded-xl border border-line p-2"
                      >
                        <CsrfField token={csrfToken} />
                        <input type="hidden" name="genreId" value={genre.id} />
                        <label htmlFor={`genre-${genre.id}`} className="sr-only">
                          Name des Genres {genre.name}
                        </label>
                        <input
                          id={`genre-${genre.id}`}
                          name="name"
                          defaultValue={genre.name}
                          className={`${inputClass} max-w-56`}
                          aria-invalid={nameError ? true : undefined}
                        />
                        <label htmlFor={`genre-${genre.id}-category`} className="sr-only">
                          Kategorie von {genre.name}
                        </label>
                        <select
                          id={`genre-${genre.id}-category`}
                          name="categoryId"
                          defaultValue={genre.categoryId}
                          className={`${inputClass} max-w-48`}
                        >
                          <CategoryChoice categories={categories} />
                        </select>
                        <label className="flex items-center gap-2 text-sm">
                          <input
                            type="checkbox"
                            name="isMain"
                            defaultChecked={genre.isMain}
                            className="size-5 accent-accent"
                          />
                          Hauptgenre
                        </label>
                        <button
                          type="submit"
                          name="intent"
                          value="update"
                          aria-label={`${genre.name} speichern`}
                          className="min-h-9 rounded-full border border-line px-3 text-sm font-semibold"
                        >
                          Speichern
                        </button>
                        <button
                          type="submit"
                          name="intent"
                          value="delete"
                          aria-label={`${genre.name} löschen`}
                          className="min-h-9 rounded-full px-3 text-sm hover:bg-danger hover:text-white"
                        >
                          Löschen
                        </button>
                        <FieldError name={`genre-${genre.id}`} message={nameError} />
                      </Form>
                    </li>
                  );
                })}
            </ul>
          </div>
        );
      })}
    </section>
  );
}
