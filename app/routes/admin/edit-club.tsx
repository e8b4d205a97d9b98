import { CatalogueEntryPage } from "#app/components/admin/catalogue-entry-page.tsx";
import { redirect, useActionData, useLoaderData } from "react-router";
import { clubSchema } from "#common/schemas/admin.ts";
import type { z } from "#common/schemas/german-errors.ts";
import { adminPaths, clubPath, mediaUrl } from "#common/urls.ts";
import { FLYER_ACCEPT, flyerSrcSet } from "#common/flyer-sizes.ts";
import {
  deleteClub,
  getClubForEditing,
  removeClubPhoto,
  saveClub,
} from "#server/domain/clubs/club-editor.server.ts";
import { minAgeQuestion } from "#common/door-fact-texts.ts";
import { clubDoorFormValuesOf } from "#common/schemas/door-facts.ts";
import { DoorFactsFieldset, DoorSelect } from "#app/components/door-facts/door-facts-fieldset.tsx";
import { CsrfField } from "#app/components/forms/csrf-field.tsx";
import { FieldError } from "#app/components/forms/field-error.tsx";
import { describedBy, hintId } from "#app/components/forms/field-message.ts";
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

const clubWords = {
  newTitle: "Neuer Club",
  publicPathLabel: "Zur Seite des Clubs",
  deleteLabel: "Club löschen",
};

const NEW_CLUB = "neu";
const clubIdOf = (param: string) => (param === NEW_CLUB ? null : parseId(param));

export async function loader({ request, params, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const clubId = clubIdOf(params.id);
  const club = clubId === null ? null : await orNotFound(getClubForEditing(context.deps, clubId));
  const values: ClubForm = {
    name: club?.name ?? "",
    place_phrase: club?.placePhrase ?? "",
    address: club?.address ?? "",
    postcode: club?.postcode ?? "",
    city: club?.city ?? context.deps.config.city.name,
    lat: club?.lat === null || club?.lat === undefined ? "" : String(club.lat),
    lng: club?.lng === null || club?.lng === undefined ? "" : String(club.lng),
    description: club?.description ?? "",
    website: club?.website ?? "",
    transit_note: club?.transitNote ?? "",
    ...clubDoorFormValuesOf(club?.doorFacts ?? {}),
  };
  return {
    csrfToken: context.session.csrfToken,
    clubId,
    path: club ? clubPath(club) : null,
    photo: club?.images[0] ?? null,
    values,
  };
}

export const action = (args: Route.ActionArgs) => {
  const actor = actorOf(requireAdmin(args.request, args.context), args.context);
  const clubId = clubIdOf(args.params.id);
  return formAction(
    args,
    async ({ values, intent }) => {
      if (intent === "delete" && clubId !== null) {
        await deleteClub(args.context.deps, actor, clubId);
        throw redirect(adminPaths.catalogue);
      }
      if (intent === "remove-photo" && clubId !== null) {
        await removeClubPhoto(args.context.deps, actor, clubId);
        return { success: "Foto entfernt." };
      }
      if (intent !== "save") return refuseUnknownIntent();
      const { photo, ...fields } = values;
      const saved = await saveClub(
        args.context.deps,
        actor,
        clubId,
        fields,
        photo as Buffer | null,
      );
      if (clubId === null) throw redirect(adminPaths.editClub(saved.id));
      return { success: "Club gespeichert." };
    },
    { files: ["photo"] },
  );
};

/** A club's details; the map position is entered by hand (latitude, longitude). */
export default function EditClub() {
  const { csrfToken, clubId, path, photo, values } = useLoaderData<typeof loader>();
  const result = useActionData<FormResult>();
  const form = useValidatedForm<ClubForm>({ schema: clubSchema, defaultValues: values, result });
  const photoError = result?.intent === "save" ? result.fieldErrors.photo?.[0] : undefined;
  return (
    <CatalogueEntryPage
      words={clubWords}
      name={values.name}
      isNew={clubId === null}
      publicPath={path}
      csrfToken={csrfToken}
      result={result}
      onSubmit={form.onSubmit}
      multipart
      after={
        photo ? <RemovePhotoForm photo={photo} name={values.name} csrfToken={csrfToken} /> : null
      }
    >
      <TextField label="Name" required {...form.field("name")} />
      <TextField
        label="Ort im Satz"
        hint="Mit Artikel und Präposition, wie man es sagt: „in der Halle Neun“, „im Conne Island“, „auf der Wiese am Auensee“. Leer: „im“ und der Name."
        {...form.field("place_phrase")}
      />
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
      <TextField
        label="Letzte Bahn / Nachtbus"
        hint="Zum Beispiel: N1 ab Hauptbahnhof bis 04:30, Tram 10 ab 04:50."
        {...form.field("transit_note")}
      />
      <DoorFactsFieldset
        field={(name) => form.field(name as keyof ClubForm)}
        notStated="Nicht angegeben"
        hint="Die Vorgaben für alle Partys im Club; eine Party kann einzelne Angaben ändern. Nur Angegebenes steht auf der Party-Seite."
      >
        <DoorSelect
          question={minAgeQuestion}
          notStated="Nicht angegeben"
          {...form.field("door_min_age")}
        />
      </DoorFactsFieldset>
      <div className="flex flex-col gap-1.5">
        <label htmlFor="photo" className="font-semibold">
          {photo ? "Neues Foto (ersetzt das jetzige)" : "Foto"}
        </label>
        <input
          id="photo"
          name="photo"
          type="file"
          accept={FLYER_ACCEPT}
          aria-invalid={photoError ? true : undefined}
          aria-describedby={describedBy("photo", true, photoError)}
          className="text-sm"
        />
        <p id={hintId("photo")} className="text-sm text-muted">
          JPEG, PNG, WebP oder AVIF, höchstens 10 MB. Es erscheint auf der Seite des Clubs und in
          der Clubliste.
        </p>
        <FieldError name="photo" message={photoError} />
      </div>
    </CatalogueEntryPage>
  );
}

/** The club's photo as it is now, with the button that removes it. */
function RemovePhotoForm({
  photo,
  name,
  csrfToken,
}: {
  photo: string;
  name: string;
  csrfToken: string;
}) {
  return (
    <form method="post" className="flex flex-col items-start gap-3">
      <CsrfField token={csrfToken} />
      <img
        src={mediaUrl(photo)}
        srcSet={flyerSrcSet(photo)}
        sizes="20rem"
        alt={`Jetziges Foto von ${name}`}
        className="w-80 rounded-xl border border-line"
      />
      <button
        type="submit"
        name="intent"
        value="remove-photo"
        className="min-h-11 rounded-full border border-line px-5 font-semibold"
      >
        Foto entfernen
      </button>
    </form>
  );
}
