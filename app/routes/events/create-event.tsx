import { redirect, useActionData, useLoaderData } from "react-router";
import { partyFormFromUrl } from "#server/domain/imports/party-from-url.server.ts";
import { createEventOrSeries } from "#server/domain/series/series-commands.server.ts";
import { withClubChosenByName } from "#server/domain/clubs/club-choice.server.ts";
import type { EventFormState } from "#common/schemas/event-form.ts";
import { EventForm } from "#app/components/event-form/event-form.tsx";
import { CsrfField } from "#app/components/forms/csrf-field.tsx";
import { FieldError } from "#app/components/forms/field-error.tsx";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import { inputClass } from "#app/components/forms/text-field.tsx";
import { eventFormContext } from "#app/lib/event-form-data.server.ts";
import { eventFormPost } from "#app/lib/event-form-post.server.ts";
import { formAction } from "#app/lib/form-action.server.ts";
import type { FormResult } from "#app/lib/form-result.ts";
import { actorOf, requireUser } from "#app/lib/session.server.ts";
import { privatePageMeta } from "#app/lib/private-page-meta.ts";
import { LINEUP_EDIT_ONLY } from "#app/lib/lineup-post.ts";
import type { Route } from "./+types/create-event";

export const meta = privatePageMeta("Party eintragen");

const fromUrlMessage =
  "Übernommen. Bitte prüfe alle Angaben, lade einen Flyer hoch und speichere dann die Party.";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const formContext = await eventFormContext(context, user);
  const initial: EventFormState = {
    title: "",
    start: "",
    end: "",
    location: null,
    venue_name: "",
    venue_address: "",
    online: false,
    organizers: formContext.organizers.map((organizer) => organizer.id),
    genres: [],
    description: "",
    price_text: "",
    age_limit: "",
    ticket_url: "",
    flyer: null,
    media: [""],
    lineup: [],
    draft: false,
    allow_duplicate: false,
    repeat: "",
    repeat_week: "",
    repeat_until: "",
    series_scope: "this",
  };
  return { ...formContext, initial };
}

export const action = (args: Route.ActionArgs) => {
  const user = requireUser(args.request, args.context);
  return formAction(
    args,
    async ({ values, intent }) => {
      // A move button of the line-up (without JavaScript): the form comes back reordered.
      if (values[LINEUP_EDIT_ONLY]) return { values };
      const { deps } = args.context;
      // "Von Webseite übernehmen": the form comes back filled in, to be checked and saved.
      if (intent === "from-url") {
        const filled = await partyFormFromUrl(deps, actorOf(user, args.context), values);
        return { values: filled, success: fromUrlMessage };
      }
      await createEventOrSeries(
        deps,
        actorOf(user, args.context),
        await withClubChosenByName(deps, values),
      );
      throw redirect("/user/events?gespeichert=1");
    },
    eventFormPost,
  );
};

export default function CreateEvent() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<FormResult>();
  return (
    <section className="flex flex-col gap-6 py-6">
      <h1 className="text-3xl font-black tracking-tight">Party eintragen</h1>
      <FromUrlForm csrfToken={data.csrfToken} result={result} />
      <EventForm
        {...data}
        locationName={null}
        savedStart={null}
        result={result}
        submitLabel="Party speichern"
      />
    </section>
  );
}

/**
 * "Von Webseite übernehmen": a plain form (the page reloads), so the event form is rendered
 * anew with the values taken over.
 */
function FromUrlForm({ csrfToken, result }: { csrfToken: string; result: FormResult | undefined }) {
  const error = result?.fieldErrors.from_url?.[0];
  return (
    <form
      method="post"
      noValidate
      className="flex flex-col gap-2 rounded-xl border border-line bg-card p-5"
    >
      <CsrfField token={csrfToken} />
      <input type="hidden" name="intent" value="from-url" />
      <label htmlFor="from_url" className="font-semibold">
        Von Webseite übernehmen
      </label>
      <p className="text-sm text-muted">
        Steht die Party schon auf einer Webseite (mit schema.org-Veranstaltung) oder in einer
        ICS-Datei? Füg die Adresse ein, wir füllen das Formular aus.
      </p>
      <div className="flex flex-wrap gap-3">
        <input
          id="from_url"
          name="from_url"
          type="url"
          placeholder="https://…"
          aria-invalid={error ? true : undefined}
          className={`${inputClass} max-w-xl flex-1`}
        />
        <button
          type="submit"
          className="min-h-12 rounded-full border border-line px-6 font-semibold hover:border-accent"
        >
          Formular ausfüllen
        </button>
      </div>
      <FieldError name="from_url" message={error} />
      <FormAlert kind="success">{result?.success}</FormAlert>
    </form>
  );
}
