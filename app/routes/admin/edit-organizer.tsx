import { CatalogueEntryPage } from "#app/components/admin/catalogue-entry-page.tsx";
import { redirect, useActionData, useLoaderData } from "react-router";
import { organizerAdminSchema } from "#common/schemas/admin.ts";
import type { z } from "#common/schemas/german-errors.ts";
import { adminPaths, organizerPath } from "#common/urls.ts";
import { deleteOrganizer, saveOrganizer } from "#server/domain/admin/catalogue-editor.server.ts";
import { getOrganizerForEditing } from "#server/domain/admin/organizer-choices.server.ts";
import { TextField } from "#app/components/forms/text-field.tsx";
import { useValidatedForm } from "#app/components/forms/use-validated-form.ts";
import { formAction, refuseUnknownIntent } from "#app/lib/form-action.server.ts";
import type { FormResult } from "#app/lib/form-result.ts";
import { orNotFound } from "#app/lib/not-found.server.ts";
import { parseId } from "#app/lib/route-params.ts";
import { actorOf, requireAdmin } from "#app/lib/session.server.ts";
import { privatePageMeta } from "#app/lib/private-page-meta.ts";
import type { Route } from "./+types/edit-organizer";

export const meta = privatePageMeta("Veranstalter bearbeiten");

type OrganizerForm = z.input<typeof organizerAdminSchema>;
const organizerWords = {
  newTitle: "Neuer Veranstalter",
  publicPathLabel: "Zur Seite des Veranstalters",
  deleteLabel: "Veranstalter löschen",
};
const idOf = (param: string) => (param === "neu" ? null : parseId(param));

export async function loader({ request, params, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const organizerId = idOf(params.id);
  const organizer =
    organizerId === null
      ? null
      : await orNotFound(getOrganizerForEditing(context.deps, organizerId));
  const values: OrganizerForm = {
    name: organizer?.name ?? "",
    description: organizer?.description ?? "",
    website: organizer?.website ?? "",
  };
  return {
    csrfToken: context.session.csrfToken,
    organizerId,
    path: organizer ? organizerPath(organizer) : null,
    values,
  };
}

export const action = (args: Route.ActionArgs) => {
  const actor = actorOf(requireAdmin(args.request, args.context), args.context);
  const organizerId = idOf(args.params.id);
  return formAction(args, async ({ values, intent }) => {
    if (intent === "delete" && organizerId !== null) {
      await deleteOrganizer(args.context.deps, actor, organizerId);
      throw redirect(adminPaths.catalogue);
    }
    if (intent !== "save") return refuseUnknownIntent();
    const saved = await saveOrganizer(args.context.deps, actor, organizerId, values);
    if (organizerId === null) throw redirect(adminPaths.editOrganizer(saved.id));
    return { success: "Veranstalter gespeichert." };
  });
};

/** An organiser's name, description and website. */
export default function EditOrganizer() {
  const { csrfToken, organizerId, path, values } = useLoaderData<typeof loader>();
  const result = useActionData<FormResult>();
  const form = useValidatedForm<OrganizerForm>({
    schema: organizerAdminSchema,
    defaultValues: values,
    result,
  });
  return (
    <CatalogueEntryPage
      words={organizerWords}
      name={values.name}
      isNew={organizerId === null}
      publicPath={path}
      csrfToken={csrfToken}
      result={result}
      onSubmit={form.onSubmit}
    >
      <TextField label="Name" required {...form.field("name")} />
      <TextField label="Website" type="url" {...form.field("website")} />
      <TextField label="Beschreibung" {...form.field("description")} />
    </CatalogueEntryPage>
  );
}
