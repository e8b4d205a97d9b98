import type { ReactNode } from "react";
import { CsrfField } from "#app/components/forms/csrf-field.tsx";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import type { FormResult } from "#app/lib/form-result.ts";

/**
 * The frame of an admin catalogue entry's page (a club, an organiser): the heading ("Neuer …" or
 * "{Name} bearbeiten"), the link to its public page, the form's alerts, the entry's own forms
 * and, for a stored entry, the delete button.
 */
export function CatalogueEntryPage({
  newTitle,
  name,
  isNew,
  publicPath,
  publicPathLabel,
  deleteLabel,
  csrfToken,
  result,
  children,
}: {
  newTitle: string;
  name: string;
  isNew: boolean;
  publicPath: string | null;
  publicPathLabel: string;
  deleteLabel: string;
  csrfToken: string;
  result: FormResult | undefined;
  children: ReactNode;
}) {
  return (
    <section className="flex max-w-2xl flex-col gap-6">
      <h1 className="text-3xl font-black tracking-tight">
        {isNew ? newTitle : `${name} bearbeiten`}
      </h1>
      {publicPath ? (
        <a href={publicPath} className="underline">
          {publicPathLabel}
        </a>
      ) : null}
      <FormAlert kind="success">{result?.success}</FormAlert>
      <FormAlert kind="error">{result?.formError}</FormAlert>
      {children}
      {isNew ? null : (
        <form method="post">
          <CsrfField token={csrfToken} />
          <button
            type="submit"
            name="intent"
            value="delete"
            className="min-h-11 rounded-full border border-danger px-5 font-semibold text-danger"
          >
            {deleteLabel}
          </button>
        </form>
      )}
    </section>
  );
}
