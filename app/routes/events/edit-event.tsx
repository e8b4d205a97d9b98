import { redirect, useActionData, useLoaderData } from "react-router";
import { updateEvent } from "#server/domain/events/event-commands.server.ts";
import { withClubChosenByName } from "#server/domain/clubs/club-choice.server.ts";
import { EventForm } from "#app/components/event-form/event-form.tsx";
import { eventFormContext } from "#app/lib/event-form-data.server.ts";
import { eventFormPost } from "#app/lib/event-form-post.server.ts";
import { formAction } from "#app/lib/form-action.server.ts";
import type { FormResult } from "#app/lib/form-result.ts";
import { editableEventOr404 } from "#app/lib/editable-event.server.ts";
import { parseId } from "#app/lib/route-params.ts";
import { actorOf, requireUser } from "#app/lib/session.server.ts";
import { privatePageMeta } from "#app/lib/private-page-meta.ts";
import { LINEUP_EDIT_ONLY } from "#app/lib/lineup-post.ts";
import type { Route } from "./+types/edit-event";

export const meta = privatePageMeta("Party bearbeiten");

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const event = await editableEventOr404(context, user, parseId(params.id));
  const formContext = await eventFormContext(context, user);
  return {
    ...formContext,
    eventId: event.id,
    initial: {
      ...event.values,
      age_limit: event.values.age_limit ?? "",
      media: event.values.media.length > 0 ? event.values.media : [""],
    },
    locationName: event.locationName,
    savedStart: event.startsAt.toISOString(),
  };
}

export const action = (args: Route.ActionArgs) => {
  const user = requireUser(args.request, args.context);
  const eventId = parseId(args.params.id);
  return formAction(
    args,
    async ({ values }) => {
      // A move button of the line-up (without JavaScript): the form comes back reordered.
      if (values[LINEUP_EDIT_ONLY]) return { values };
      const { deps } = args.context;
      const chosen = await withClubChosenByName(deps, values);
      await updateEvent(deps, actorOf(user, args.context), eventId, chosen);
      throw redirect("/user/events?gespeichert=1");
    },
    eventFormPost,
  );
};

export default function EditEvent() {
  const { eventId, ...data } = useLoaderData<typeof loader>();
  const result = useActionData<FormResult>();
  return (
    <section className="flex flex-col gap-6 py-6">
      <h1 className="text-3xl font-black tracking-tight">Party bearbeiten</h1>
      <EventForm key={eventId} {...data} result={result} submitLabel="Änderungen speichern" />
    </section>
  );
}
