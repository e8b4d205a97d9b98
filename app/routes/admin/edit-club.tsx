import { redirect, useActionData, useLoaderData } from "react-router";
import { clubSchema } from "#common/schemas/admin.ts";
import type { z } from "#common/schemas/german-errors.ts";
import { adminPaths, clubPath } from "#common/urls.ts";
import {
  deleteClub,
  getClubForEditing,
  saveClub,
} from "#server/domain/clubs/club-editor.server.ts";
import { CsrfField } from "#app/components/forms/csrf-field.tsx";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import { SubmitButton } from "#app/components/forms/submit-button.tsx";
import { TextField } from "#app/components/forms/text-field.tsx";
import { useValidatedForm } from "#app/components/forms/use-validated-form.ts";
import { formAction, refuseUnknownIntent } from "#app/lib/form-action.server.ts";
import type { FormResult } from "#app/lib/form-result.ts";
import { orNotFound } from "#app/lib/not-found.server.ts";
import { parseId } from "#app/lib/route-params.ts";
import { actorOf, requireAdmin } from "#app/lib/session.server.ts";
import { privatePageMeta } from "#app/lib/private-page-meta.ts";
import type { Route } from "./+types/edit-club";

export const meta = privatePageMeta("Club bearbeiten");

type ClubForm = z.input<typeof clubSchema>;

const NEW_CLUB = "neu";
const clubIdOf = (param: string) => (param === NEW_CLUB ? null : parseId(param));

export async function loader({ request, params, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const clubId = clubIdOf(params.id);
  const club = clubId === null ? null : await orNotFound(getClubForEditing(context.deps, clubId));
  const values: ClubForm = {
    name: club?.name ?? "",
    address: club?.address ?? "",
    postcode: club?.postcode ?? "",
    city: club?.city ?? context.deps.config.city.name,
    lat: club?.lat === null || club?.lat === undefined ? "" : String(club.lat),
    lng: club?.lng === null || club?.lng === undefined ? "" : String(club.lng),
    description: club?.description ?? "",
    website: club?.website ?? "",
  };
  return {
    csrfToken: context.session.csrfToken,
    clubId,
    path: club ? clubPath(club) : null,
    values,
  };
}

export const action = (args: Route.ActionArgs) => {
  const actor = actorOf(requireAdmin(args.request, args.context), args.context);
  const clubId = clubIdOf(args.params.id);
  return formAction(args, async ({ values, intent }) => {
    if (intent === "delete" && clubId !== null) {
      await deleteClub(args.context.deps, actor, clubId);
      throw redirect(adminPaths.catalogue);
    }
    if (intent !== "save") return refuseUnknownIntent();
    const saved = await saveClub(args.context.deps, actor, clubId, values);
    if (clubId === null) throw redirect(adminPaths.editClub(saved.id));
    return { success: "Club gespeichert." };
  });
};

/** A club's details; the map position is entered by hand (latitude, longitude). */
export default function EditClub() {
  const { csrfToken, clubId, path, values } = useLoaderData<typeof loader>();
  const result = useActionData<FormResult>();
  const form = useValidatedForm<ClubForm>({ schema: clubSchema, defaultValues: values, result });
  return (
    <section className="flex max-w-2xl flex-col gap-6">
      <h1 className="text-3xl font-black tracking-tight">
        {clubId === null ? "Neuer Club" : `${values.name} bearbeiten`}
      </h1>
      {path ? (
        <a href={path} className="underline">
          Zur Seite des Clubs
        </a>
      ) : null}
      <FormAlert kind="success">{result?.success}</FormAlert>
      <FormAlert kind="error">{result?.formError}</FormAlert>
      <form method="post" noValidate onSubmit={form.onSubmit} className="flex flex-col gap-5">
        <CsrfField token={csrfToken} />
        <input type="hidden" name="intent" value="save" />
        <TextField label="Name" required {...form.field("name")} />
        <TextField label="Straße und Hausnummer" {...form.field("address")} />
        <TextField label="PLZ" inputMode="numeric" {...form.field("postcode")} />
        <TextField label="Ort" {...form.field("city")} />
        <TextField
          label="Breitengrad"
          inputMode="decimal"
          hint="Zum Beispiel 51.3397 – aus einer Karte abgelesen."
          {...form.field("lat")}
        />
        <TextField label="Längengrad" inputMode="decimal" {...form.field("lng")} />
        <TextField label="Website" type="url" {...form.field("website")} />
        <TextField label="Beschreibung" {...form.field("description")} />
        <SubmitButton>Speichern</SubmitButton>
      </form>
      {clubId !== null ? (
        <form method="post">
          <CsrfField token={csrfToken} />
          <button
            type="submit"
            name="intent"
            value="delete"
            className="min-h-11 rounded-full border border-danger px-5 font-semibold text-danger"
          >
            Club löschen
          </button>
        </form>
      ) : null}
    </section>
  );
}
