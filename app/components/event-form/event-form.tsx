import { useEffect, useState } from "react";
import { useSubmit } from "react-router";
import { eventFormSchema, type EventFormState } from "#common/schemas/event-form.ts";
import type { GenreCategory } from "#server/domain/genres/genres.server.ts";
import type { FormResult } from "#app/lib/form-result.ts";
import { DoorFactsFieldset } from "#app/components/door-facts/door-facts-fieldset.tsx";
import { CsrfField } from "#app/components/forms/csrf-field.tsx";
import { FieldError } from "#app/components/forms/field-error.tsx";
import { describedBy } from "#app/components/forms/field-message.ts";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import { SubmitButton } from "#app/components/forms/submit-button.tsx";
import { inputClass, TextField } from "#app/components/forms/text-field.tsx";
import { useValidatedForm, scrollToFirstError } from "#app/components/forms/use-validated-form.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { ClubSelect, type ClubOption } from "./club-select.tsx";
import { FlyerUpload } from "./flyer-upload.tsx";
import { GenreCheckboxes } from "./genre-checkboxes.tsx";
import { GenrePicker } from "./genre-picker.tsx";
import { LineupEditor } from "./lineup-editor.tsx";
import { lineupErrorsOf } from "./lineup-errors.ts";
import { LocationField } from "./location-field.tsx";
import { MediaList } from "./media-list.tsx";
import { OnlineSwitch } from "./online-switch.tsx";
import { RepeatFieldset, type SeriesBox } from "./repeat-fieldset.tsx";

export interface EventFormProps {
  initial: EventFormState;
  locationName: string | null;
  categories: GenreCategory[];
  /** Every club, for the plain list the club search replaces. */
  clubs: ClubOption[];
  organizers: { id: number; name: string }[];
  timeZone: string;
  csrfToken: string;
  /** When editing: the saved start (ISO), which may stay even if it has passed. */
  savedStart: string | null;
  result: FormResult | undefined;
  submitLabel: string;
  /** When editing a party of a series: the series, for "nur diese / alle folgenden". */
  series?: SeriesBox | null;
  /** "Veröffentlichen am" is offered while the party is not public yet (decision 0236). */
  schedulable?: boolean;
}

interface Duplicate {
  id: number;
  title: string;
  url: string;
}

/**
 * SPEC §2, §3, §5: the whole event form, validated by the shared schema after every change.
 * The server's HTML is a plain form that posts and shows its errors without JavaScript (club
 * list, genre checkboxes, the new place's fields open); once React runs, the club search, genre
 * picker, online switch, media list and flyer upload replace the plain controls and the form
 * posts its values as JSON (decision 0093).
 */
export function EventForm(props: EventFormProps) {
  const { categories, clubs, organizers, timeZone, csrfToken, result } = props;
  // A refused plain post comes back with its values: the page shows the form as it was sent.
  const [initial] = useState<EventFormState>(() =>
    result?.values
      ? { ...props.initial, ...(result.values as Partial<EventFormState>) }
      : props.initial,
  );
  const enhanced = useHydrated();
  const [schema] = useState(() =>
    eventFormSchema({
      now: () => new Date(),
      timeZone,
      savedStart: props.savedStart ? new Date(props.savedStart) : null,
      inSeries: Boolean(props.series),
    }),
  );
  const form = useValidatedForm<EventFormState>({ schema, defaultValues: initial, result });
  const { errorOf } = form;
  /** A text field with its value in the server's HTML, too. */
  const textField = (name: keyof EventFormState) => ({
    ...form.field(name),
    defaultValue: String(initial[name] ?? ""),
  });
  const values = form.watch();
  const [newPlace, setNewPlace] = useState(initial.location === null && initial.venue_name !== "");
  const submit = useSubmit();
  const set = <K extends keyof EventFormState>(name: K, value: EventFormState[K]) =>
    form.setValue(name as never, value as never, { shouldValidate: true, shouldDirty: true });
  /** Switching between club and new place: no "Pflichtfeld" before anything is typed. */
  const setQuietly = <K extends keyof EventFormState>(name: K, value: EventFormState[K]) => {
    form.setValue(name as never, value as never, { shouldDirty: true });
    form.clearErrors(["location", "venue_name", "venue_address"]);
  };

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
    (form.formState.errors.media as unknown as ({ message?: string } | undefined)[] | undefined) ??
    [];
  const entryErrors = enhanced
    ? mediaErrors.map((entry) => entry?.message)
    : values.media.map((_, index) => result?.fieldErrors[`media.${index}`]?.[0]);
  return (
    <form method="post" noValidate onSubmit={send(false)} className="flex max-w-2xl flex-col gap-6">
      {result?.formError && duplicates.length === 0 ? (
        <FormAlert kind="error">{result.formError}</FormAlert>
      ) : null}
      <CsrfField token={csrfToken} />
      {/* The fields say "required" to screen readers themselves; the mark is for the eye. */}
      <p aria-hidden="true" className="text-sm text-muted">
        * Pflichtfeld
      </p>
      <TextField label="Titel" required {...textField("title")} />
      <div className="grid gap-6 sm:grid-cols-2">
        <TextField
          label="Beginn"
          type="datetime-local"
          lang="de-DE"
          required
          {...textField("start")}
        />
        <TextField
          label="Ende"
          type="datetime-local"
          lang="de-DE"
          min={values.start || undefined}
          {...textField("end")}
        />
      </div>
      <RepeatFieldset field={(name) => form.field(name)} series={props.series ?? null} />
      {enhanced ? (
        <OnlineSwitch online={values.online} onChange={(online) => set("online", online)} />
      ) : (
        <label className="flex min-h-11 items-center gap-3 font-semibold">
          <input
            type="checkbox"
            name="online"
            defaultChecked={initial.online}
            className="size-5 accent-accent"
          />
          Party Online (Livestream, ohne Ort)
        </label>
      )}
      {!enhanced ? (
        <div className="flex flex-col gap-4">
          <ClubSelect clubs={clubs} selected={initial.location} error={errorOf("location")} />
          <fieldset className="flex flex-col gap-4 rounded-xl border border-line p-4">
            <legend className="px-1 font-semibold">Oder ein neuer Ort</legend>
            <TextField
              label="Name des Ortes"
              registration={form.register("venue_name")}
              defaultValue={initial.venue_name}
              error={errorOf("venue_name")}
            />
            <TextField
              label="Adresse"
              autoComplete="street-address"
              {...textField("venue_address")}
            />
          </fieldset>
        </div>
      ) : newPlace ? (
        // Hidden, not removed, while the party is online: switching back shows the same place.
        <div
          hidden={values.online}
          className="flex flex-col gap-4 rounded-xl border border-line p-4"
        >
          <TextField
            label="Name des Ortes"
            required
            registration={form.register("venue_name")}
            defaultValue={initial.venue_name}
            error={errorOf("venue_name") ?? errorOf("location")}
          />
          <TextField
            label="Adresse"
            autoComplete="street-address"
            required
            {...textField("venue_address")}
          />
          <button
            type="button"
            onClick={() => {
              setNewPlace(false);
              setQuietly("venue_name", "");
              setQuietly("venue_address", "");
            }}
            className="self-start text-sm font-semibold text-accent underline"
          >
            Doch einen Club aus der Liste wählen
          </button>
        </div>
      ) : (
        <div hidden={values.online} className="flex flex-col gap-2">
          <LocationField
            locationId={values.location}
            locationName={
              clubs.find((club) => club.id === initial.location)?.name ?? props.locationName ?? ""
            }
            onChoose={(club) => set("location", club?.id ?? null)}
            error={errorOf("location")}
          />
          <button
            type="button"
            onClick={() => {
              setNewPlace(true);
              setQuietly("location", null);
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
          aria-describedby={describedBy("organizers", false, errorOf("organizers"))}
        >
          <legend className="mb-1.5 font-semibold">Veranstalter</legend>
          {organizers.map((organizer) => (
            <label key={organizer.id} className="flex min-h-11 items-center gap-3">
              <input
                type="checkbox"
                name="organizers"
                value={organizer.id}
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
          <FieldError name="organizers" message={errorOf("organizers")} />
        </fieldset>
      ) : null}
      {enhanced ? (
        <GenrePicker
          categories={categories}
          selected={values.genres}
          onChange={(ids) => set("genres", ids)}
          error={errorOf("genres")}
        />
      ) : (
        <GenreCheckboxes
          categories={categories}
          selected={initial.genres}
          error={errorOf("genres")}
        />
      )}
      <div className="flex flex-col gap-1.5">
        <label htmlFor="description" className="font-semibold">
          Beschreibung
        </label>
        <textarea
          id="description"
          rows={6}
          defaultValue={initial.description}
          {...form.register("description")}
          aria-invalid={errorOf("description") ? true : undefined}
          aria-describedby={describedBy("description", false, errorOf("description"))}
          className={`${inputClass} py-3`}
        />
        <FieldError name="description" message={errorOf("description")} />
      </div>
      <TextField label="Eintritt" placeholder="z. B. 12 €, AK 15 €" {...textField("price_text")} />
      <TextField
        label="Ticket-Link"
        type="url"
        inputMode="url"
        placeholder="https://"
        {...textField("ticket_url")}
      />
      {enhanced ? (
        <FlyerUpload
          flyerPath={values.flyer}
          csrfToken={csrfToken}
          onChange={(path) => set("flyer", path)}
          error={errorOf("flyer")}
        />
      ) : (
        <div className="flex flex-col gap-1.5">
          <input type="hidden" name="flyer" value={initial.flyer ?? ""} />
          <p className="font-semibold">Flyer</p>
          <p className="text-sm text-muted">
            {initial.flyer
              ? "Dein Flyer bleibt. Ändern kannst Du ihn mit eingeschaltetem JavaScript."
              : "Einen Flyer kannst Du mit eingeschaltetem JavaScript hochladen."}
          </p>
        </div>
      )}
      <DoorFactsFieldset
        field={(name) => form.field(name as keyof EventFormState)}
        notStated="Wie beim Club"
        hint="Was Du hier offen lässt, gilt wie beim Club eingetragen. Was nicht bekannt ist, steht nicht auf der Party-Seite."
      >
        <TextField
          label="Mindestalter"
          type="number"
          inputMode="numeric"
          min={0}
          max={99}
          hint="Leer: wie beim Club."
          {...textField("age_limit")}
        />
      </DoorFactsFieldset>
      <LineupEditor
        entries={values.lineup ?? []}
        onChange={(entries) => set("lineup", entries)}
        enhanced={enhanced}
        errors={lineupErrorsOf(form.formState.errors.lineup, enhanced ? undefined : result)}
        submitted={form.formState.isSubmitted}
      />
      <MediaList
        urls={values.media}
        onChange={(urls) => set("media", urls)}
        entryErrors={entryErrors}
        enhanced={enhanced}
        listError={errorOf("media")}
      />
      <label className="flex min-h-11 items-center gap-3">
        <input
          type="checkbox"
          defaultChecked={initial.draft}
          {...form.register("draft")}
          className="size-5 accent-accent"
        />
        Nur als Entwurf speichern (noch nicht im Kalender zeigen)
      </label>
      {props.schedulable === false ? null : (
        <TextField
          label="Veröffentlichen am"
          type="datetime-local"
          lang="de-DE"
          max={values.start || undefined}
          hint="Optional: Die Party erscheint erst dann im Kalender. Bis dahin sieht sie nur Dein Team über den Vorschau-Link."
          {...textField("publish_at")}
        />
      )}
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
            type={enhanced ? "button" : "submit"}
            name="allow_duplicate"
            value="on"
            onClick={enhanced ? () => void send(true)() : undefined}
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
