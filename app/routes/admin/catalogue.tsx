import { Form, Link, useActionData, useLoaderData } from "react-router";
import { adminPaths } from "#common/urls.ts";
import { mergeClub, mergeOrganizer } from "#server/domain/admin/catalogue-merge.server.ts";
import { listOrganizerChoices } from "#server/domain/admin/organizer-choices.server.ts";
import { listClubsForAdmin } from "#server/domain/clubs/club-editor.server.ts";
import { CsrfField } from "#app/components/forms/csrf-field.tsx";
import { FieldError } from "#app/components/forms/field-error.tsx";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import { inputClass } from "#app/components/forms/text-field.tsx";
import { formAction, refuseUnknownIntent } from "#app/lib/form-action.server.ts";
import type { FormResult } from "#app/lib/form-result.ts";
import { parsePostedId } from "#app/lib/route-params.ts";
import { actorOf, requireAdmin } from "#app/lib/session.server.ts";
import { privatePageMeta } from "#app/lib/private-page-meta.ts";
import type { Route } from "./+types/catalogue";

export const meta = privatePageMeta("Katalog");

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const [clubs, organizers] = await Promise.all([
    listClubsForAdmin(context.deps),
    listOrganizerChoices(context.deps),
  ]);
  return { csrfToken: context.session.csrfToken, clubs, organizers };
}

export const action = (args: Route.ActionArgs) => {
  const actor = actorOf(requireAdmin(args.request, args.context), args.context);
  const { deps } = args.context;
  return formAction(args, async ({ values, intent }) => {
    const fromId = parsePostedId(values.fromId);
    if (intent === "merge-clubs") {
      await mergeClub(deps, actor, fromId, { intoId: values.intoId });
      return { success: "Die Clubs sind zusammengeführt; die alte Adresse leitet weiter." };
    }
    if (intent === "merge-organizers") {
      await mergeOrganizer(deps, actor, fromId, { intoId: values.intoId });
      return { success: "Die Veranstalter sind zusammengeführt; die alte Adresse leitet weiter." };
    }
    return refuseUnknownIntent();
  });
};

function MergeForm({
  intent,
  title,
  choices,
  csrfToken,
  result,
}: {
  intent: string;
  title: string;
  choices: { id: number; name: string }[];
  csrfToken: string;
  result: FormResult | undefined;
}) {
  const error = result?.intent === intent ? result.fieldErrors.intoId?.[0] : undefined;
  const select = (name: string, label: string) => (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={`${intent}-${name}`} className="font-semibold">
        {label}
      </label>
      <select
        id={`${intent}-${name}`}
        name={name}
        className={inputClass}
        aria-invalid={name === "intoId" && error ? true : undefined}
        aria-describedby={name === "intoId" && error ? "intoId-fehler" : undefined}
      >
        {choices.map((choice) => (
          <option key={choice.id} value={choice.id}>
            {choice.name}
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <Form method="post" className="flex flex-col gap-4 rounded-xl border border-line bg-card p-5">
      <h2 className="text-lg font-bold">{title}</h2>
      <CsrfField token={csrfToken} />
      {select("fromId", "Doppelter Eintrag (wird entfernt)")}
      {select("intoId", "Zusammenführen mit")}
      {error ? <FieldError name="intoId" message={error} /> : null}
      <button
        type="submit"
        name="intent"
        value={intent}
        className="min-h-11 self-start rounded-full border border-line px-5 font-semibold hover:border-accent"
      >
        Zusammenführen
      </button>
    </Form>
  );
}

/** Clubs and organisers (create, edit), the genres' link, and merging duplicates. */
export default function Catalogue() {
  const { csrfToken, clubs, organizers } = useLoaderData<typeof loader>();
  const result = useActionData<FormResult>();
  return (
    <section className="flex flex-col gap-6">
      <h1 className="text-3xl font-black tracking-tight">Katalog</h1>
      <FormAlert kind="success">{result?.success}</FormAlert>
      <FormAlert kind="error">{result?.formError}</FormAlert>
      <div className="grid gap-4 lg:grid-cols-2">
        <MergeForm
          intent="merge-clubs"
          title="Doppelte Clubs zusammenführen"
          choices={clubs}
          csrfToken={csrfToken}
          result={result}
        />
        <MergeForm
          intent="merge-organizers"
          title="Doppelte Veranstalter zusammenführen"
          choices={organizers}
          csrfToken={csrfToken}
          result={result}
        />
      </div>
      <Link to={adminPaths.genres} className="self-start underline">
        Genres bearbeiten
      </Link>
      <CatalogueList
        heading="Veranstalter"
        newLabel="Neuer Veranstalter"
        newPath={adminPaths.editOrganizer("neu")}
        entries={organizers}
        editPath={adminPaths.editOrganizer}
      />
      <CatalogueList
        heading="Clubs"
        newLabel="Neuer Club"
        newPath={adminPaths.editClub("neu")}
        entries={clubs}
        editPath={adminPaths.editClub}
      />
    </section>
  );
}

/** One catalogue section: its heading with a "new" link, then every entry with an edit link. */
function CatalogueList({
  heading,
  newLabel,
  newPath,
  entries,
  editPath,
}: {
  heading: string;
  newLabel: string;
  newPath: string;
  entries: { id: number; name: string }[];
  editPath: (id: number) => string;
}) {
  return (
    <>
      <div className="flex items-center gap-4">
        <h2 className="text-2xl font-bold">{heading}</h2>
        <Link
          to={newPath}
          className="inline-flex min-h-11 items-center rounded-full border border-line px-5 font-semibold hover:border-accent"
        >
          {newLabel}
        </Link>
      </div>
      <ul className="flex flex-col divide-y divide-line rounded-xl border border-line bg-card">
        {entries.map((entry) => (
          <li key={entry.id} className="flex items-center gap-3 px-5 py-3">
            <span className="font-semibold">{entry.name}</span>
            <Link
              to={editPath(entry.id)}
              aria-label={`${entry.name} bearbeiten`}
              className="ml-auto underline-offset-4 hover:underline"
            >
              Bearbeiten
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
