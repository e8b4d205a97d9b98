import { useEffect, useState } from "react";
import { useSubmit } from "react-router";
import { eventFormSchema, type EventFormState } from "#common/schemas/event-form.ts";
import type { GenreCategory } from "#server/domain/genres/genres.server.ts";
import type { FormResult } from "#app/lib/form-result.ts";
import { FieldError } from "#app/components/forms/field-error.tsx";
import { describedBy, messageOf } from "#app/components/forms/field-message.ts";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import { SubmitButton } from "#app/components/forms/submit-button.tsx";
import { inputClass, TextField } from "#app/components/forms/text-field.tsx";
import { useValidatedForm, scrollToFirstError } from "#app/components/forms/use-validated-form.ts";
import { FlyerUpload } from "./flyer-upload.tsx";
import { GenrePicker } from "./genre-picker.tsx";
import { LocationField } from "./location-field.tsx";
import { MediaList } from "./media-list.tsx";
import { OnlineSwitch } from "./online-switch.tsx";

export interface EventFormProps {
  initial: EventFormState;
  locationName: string | null;
  categories: GenreCategory[];
  organizers: { id: number; name: string }[];
  timeZone: string;
  csrfToken: string;
  /** When editing: the saved start (ISO), which may stay even if it has passed. */
  savedStart: string | null;
  result: FormResult | undefined;
  submitLabel: string;
}

interface Duplicate {
  id: number;
  title: string;
  url: string;
}

/** SPEC §2, §3, §5: the whole event form, validated by the shared schema after every change. */
export function EventForm(props: EventFormProps) {
  const { initial, categories, organizers, timeZone, csrfToken, result } = props;
  const [schema] = useState(() =>
    eventFormSchema({
      now: () => new Date(),
      timeZone,
      savedStart: props.savedStart ? new Date(props.savedStart) : null,
    }),
  );
  const form = useValidatedForm<EventFormState>({ schema, defaultValues: initial, result });
  const { errors } = form.formState;
  const values = form.watch();
  const [newPlace, setNewPlace] = useState(initial.location === null && initial.venue_name !== "");
  const submit = useSubmit();
  const set = <K extends keyof EventFormState>(name: K, value: EventFormState[K]) =>
    form.setValue(name as never, value as never, { shouldValidate: true, shouldDirty: true });

  const duplicates = (result?.conflict?.duplicates ?? []) as Duplicate[];
  const send = (allowDuplicate: boolean) =>
    form.handleSubmit(
      (current) => {
        void submit(
          JSON.parse(
            JSON.stringify({
              csrf: csrfToken,
              values: { ...current, allow_duplicate: allowDuplicate },
            }),
          ),
          { method: "post", encType: "application/json" },
        );
      },
      () => scrollToFirstError(),
    );

  useEffect(() => {
    if (duplicates.length > 0)
      document.getElementById("duplikat-warnung")?.scrollIntoView({ block: "center" });
  }, [duplicates.length]);

  const mediaErrors =
    (errors.media as unknown as ({ message?: string } | undefined)[] | undefined) ?? [];
  return (
    <form noValidate onSubmit={send(false)} className="flex max-w-2xl flex-col gap-6">
      {result?.formError && duplicates.length === 0 ? (
        <FormAlert kind="error">{result.formError}</FormAlert>
      ) : null}
      <TextField label="Titel" required {...form.field("title")} />
      <div className="grid gap-6 sm:grid-cols-2">
        <TextField
          label="Beginn"
          type="datetime-local"
          lang="de-DE"
          required
          {...form.field("start")}
        />
        <TextField
          label="Ende"
          type="datetime-local"
          lang="de-DE"
          min={values.start || undefined}
          {...form.field("end")}
        />
      </div>
      <OnlineSwitch online={values.online} onChange={(online) => set("online", online)} />
      {values.online ? null : newPlace ? (
        <div className="flex flex-col gap-4 rounded-xl border border-line p-4">
          <TextField
            label="Name des Ortes"
            required
            registration={form.register("venue_name")}
            error={messageOf(errors, "venue_name") ?? messageOf(errors, "location")}
          />
          <TextField
            label="Adresse"
            autoComplete="street-address"
            required
            {...form.field("venue_address")}
          />
          <button
            type="button"
            onClick={() => {
              setNewPlace(false);
              set("venue_name", "");
              set("venue_address", "");
            }}
            className="self-start text-sm font-semibold text-accent underline"
          >
            Doch einen Club aus der Liste wählen
          </button>
        </div>
      ) : (
        <div className="flex flex-col gap-2">
          <LocationField
            locationId={values.location}
            locationName={props.locationName ?? ""}
            onChoose={(club) => set("location", club?.id ?? null)}
            error={messageOf(errors, "location")}
          />
          <button
            type="button"
            onClick={() => {
              setNewPlace(true);
              set("location", null);
            }}
            className="self-start text-sm font-semibold text-accent underline"
          >
            Club nicht in der Liste? Neuen Ort mit Adresse eintragen
          </button>
        </div>
      )}
      {organizers.length > 0 ? (
        <fieldset
          className="flex flex-col gap-2"
          aria-describedby={describedBy("organizers", false, messageOf(errors, "organizers"))}
        >
          <legend className="mb-1.5 font-semibold">Veranstalter</legend>
          {organizers.map((organizer) => (
            <label key={organizer.id} className="flex min-h-11 items-center gap-3">
              <input
                type="checkbox"
                checked={values.organizers.includes(organizer.id)}
                onChange={() =>
                  set(
                    "organizers",
                    values.organizers.includes(organizer.id)
                      ? values.organizers.filter((id) => id !== organizer.id)
                      : [...values.organizers, organizer.id],
                  )
                }
                className="size-5 accent-accent"
              />
              {organizer.name}
            </label>
          ))}
          <FieldError name="organizers" message={messageOf(errors, "organizers")} />
        </fieldset>
      ) : null}
      <GenrePicker
        categories={categories}
        selected={values.genres}
        onChange={(ids) => set("genres", ids)}
        error={messageOf(errors, "genres")}
      />
      <div className="flex flex-col gap-1.5">
        <label htmlFor="description" className="font-semibold">
          Beschreibung
        </label>
        <textarea
          id="description"
          rows={6}
          {...form.register("description")}
          aria-invalid={messageOf(errors, "description") ? true : undefined}
          aria-describedby={describedBy("description", false, messageOf(errors, "description"))}
          className={`${inputClass} py-3`}
        />
        <FieldError name="description" message={messageOf(errors, "description")} />
      </div>
      <div className="grid gap-6 sm:grid-cols-2">
        <TextField
          label="Eintritt"
          placeholder="z. B. 12 €, AK 15 €"
          {...form.field("price_text")}
        />
        <TextField
          label="Mindestalter"
          type="number"
          inputMode="numeric"
          min={0}
          max={99}
          {...form.field("age_limit")}
        />
      </div>
      <TextField
        label="Ticket-Link"
        type="url"
        inputMode="url"
        placeholder="https://"
        {...form.field("ticket_url")}
      />
      <FlyerUpload
        flyerPath={values.flyer}
        csrfToken={csrfToken}
        onChange={(path) => set("flyer", path)}
        error={messageOf(errors, "flyer")}
      />
      <MediaList
        urls={values.media}
        onChange={(urls) => set("media", urls)}
        entryErrors={Array.isArray(mediaErrors) ? mediaErrors.map((entry) => entry?.message) : []}
        listError={messageOf(errors, "media")}
      />
      <label className="flex min-h-11 items-center gap-3">
        <input type="checkbox" {...form.register("draft")} className="size-5 accent-accent" />
        Nur als Entwurf speichern (noch nicht im Kalender zeigen)
      </label>
      {duplicates.length > 0 ? (
        <div
          id="duplikat-warnung"
          role="alert"
          className="flex flex-col gap-3 rounded-xl border-2 border-accent p-4"
        >
          <p className="font-semibold">{result?.formError}</p>
          <ul className="list-disc pl-5">
            {duplicates.map((duplicate) => (
              <li key={duplicate.id}>
                <a href={duplicate.url} target="_blank" rel="noreferrer" className="underline">
                  {duplicate.title}
                </a>
              </li>
            ))}
          </ul>
          <button
            type="button"
            onClick={() => void send(true)()}
            className="min-h-11 self-start rounded-full border border-accent px-5 font-semibold"
          >
            Trotzdem speichern
          </button>
        </div>
      ) : null}
      <SubmitButton>{props.submitLabel}</SubmitButton>
    </form>
  );
}
