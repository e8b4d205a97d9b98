import { redirect, useActionData, useLoaderData } from "react-router";
import { createEventOrSeries } from "#server/domain/series/series-commands.server.ts";
import { withClubChosenByName } from "#server/domain/clubs/club-choice.server.ts";
import type { EventFormState } from "#common/schemas/event-form.ts";
import { EventForm } from "#app/components/event-form/event-form.tsx";
import { eventFormContext } from "#app/lib/event-form-data.server.ts";
import { eventFormPost } from "#app/lib/event-form-post.server.ts";
import { formAction } from "#app/lib/form-action.server.ts";
import type { FormResult } from "#app/lib/form-result.ts";
import { actorOf, requireUser } from "#app/lib/session.server.ts";
import { privatePageMeta } from "#app/lib/private-page-meta.ts";
import { LINEUP_EDIT_ONLY } from "#app/lib/lineup-post.ts";
import type { Route } from "./+types/create-event";

export const meta = privatePageMeta("Party eintragen");

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
    async ({ values }) => {
      // A move button of the line-up (without JavaScript): the form comes back reordered.
      if (values[LINEUP_EDIT_ONLY]) return { values };
      const { deps } = args.context;
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
