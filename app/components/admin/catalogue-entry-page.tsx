import type { FormEventHandler, ReactNode } from "react";
import { CsrfField } from "#app/components/forms/csrf-field.tsx";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import { SubmitButton } from "#app/components/forms/submit-button.tsx";
import type { FormResult } from "#app/lib/form-result.ts";

/** What a kind of catalogue entry's page says: its title when new, its links and buttons. */
export interface CatalogueEntryWords {
  newTitle: string;
  publicPathLabel: string;
  deleteLabel: string;
}

/**
 * The page of an admin catalogue entry (a club, an organiser): the heading ("Neuer …" or
 * "{Name} bearbeiten"), the link to its public page, the form's alerts, the save form around the
 * entry's fields (`children`), what else the entry offers (`after`) and, for a stored entry, the
 * delete button.
 */
export function CatalogueEntryPage({
  words,
  name,
  isNew,
  publicPath,
  csrfToken,
  result,
  onSubmit,
  multipart = false,
  after = null,
  children,
}: {
  words: CatalogueEntryWords;
  name: string;
  isNew: boolean;
  publicPath: string | null;
  csrfToken: string;
  result: FormResult | undefined;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The fields include a file. */
  multipart?: boolean;
  after?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="flex max-w-2xl flex-col gap-6">
      <h1 className="text-3xl font-black tracking-tight">
        {isNew ? words.newTitle : `${name} bearbeiten`}
      </h1>
      {publicPath ? (
        <a href={publicPath} className="underline">
          {words.publicPathLabel}
        </a>
      ) : null}
      <FormAlert kind="success">{result?.success}</FormAlert>
      <FormAlert kind="error">{result?.formError}</FormAlert>
      <form
        method="post"
        encType={multipart ? "multipart/form-data" : undefined}
        noValidate
        onSubmit={onSubmit}
        className="flex flex-col gap-5"
      >
        <CsrfField token={csrfToken} />
        <input type="hidden" name="intent" value="save" />
        {children}
        <SubmitButton>Speichern</SubmitButton>
      </form>
      {after}
      {isNew ? null : (
        <form method="post">
          <CsrfField token={csrfToken} />
          <button
            type="submit"
            name="intent"
            value="delete"
            className="min-h-11 rounded-full border border-danger px-5 font-semibold text-danger"
          >
            {words.deleteLabel}
          </button>
        </form>
      )}
    </section>
  );
}
