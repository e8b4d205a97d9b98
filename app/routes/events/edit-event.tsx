import { redirect, useActionData, useLoaderData } from "react-router";
import { withClubChosenByName } from "#server/domain/clubs/club-choice.server.ts";
import {
  setSeriesState,
  updateEventOrSeries,
} from "#server/domain/series/series-commands.server.ts";
import { seriesSummary } from "#server/domain/series/series-views.server.ts";
import { EventForm } from "#app/components/event-form/event-form.tsx";
import { PreviewLink } from "#app/components/own-events/preview-link.tsx";
import { SeriesControls, seriesIntents } from "#app/components/event-form/series-controls.tsx";
import { eventFormContext } from "#app/lib/event-form-data.server.ts";
import { eventFormPost } from "#app/lib/event-form-post.server.ts";
import { formAction } from "#app/lib/form-action.server.ts";
import type { FormResult } from "#app/lib/form-result.ts";
import { editableEventOr404 } from "#app/lib/editable-event.server.ts";
import { notFound, parseId } from "#app/lib/route-params.ts";
import { actorOf, requireUser } from "#app/lib/session.server.ts";
import { privatePageMeta } from "#app/lib/private-page-meta.ts";
import { LINEUP_EDIT_ONLY } from "#app/lib/lineup-post.ts";
import type { Route } from "./+types/edit-event";

export const meta = privatePageMeta("Party bearbeiten");

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const event = await editableEventOr404(context, user, parseId(params.id));
  const formContext = await eventFormContext(context, user);
  const series = event.seriesId === null ? null : await seriesSummary(context.deps, event.seriesId);
  return {
    ...formContext,
    eventId: event.id,
    initial: {
      ...event.values,
      age_limit: event.values.age_limit ?? "",
      media: event.values.media.length > 0 ? event.values.media : [""],
      ...(series ? series.values : {}),
      series_scope: "this" as const,
    },
    locationName: event.locationName,
    // Not public yet: the team's preview link, and "Veröffentlichen am" (decision 0236).
    notPublic: event.status === "draft" || event.status === "pending",
    schedulable: event.status === "draft",
    previewToken: event.previewToken,
    savedStart: event.startsAt.toISOString(),
    series,
  };
}

const seriesDone = {
  active: "Die Serie läuft wieder.",
  paused: "Die Serie ist pausiert.",
  ended: "Die Serie ist beendet.",
} as const;

export const action = (args: Route.ActionArgs) => {
  const user = requireUser(args.request, args.context);
  const eventId = parseId(args.params.id);
  return formAction(
    args,
    async ({ values, intent }) => {
      const { deps } = args.context;
      const actor = actorOf(user, args.context);
      const seriesState = intent === null ? undefined : seriesIntents[intent];
      if (seriesState) {
        const event = await editableEventOr404(args.context, user, eventId);
        if (event.seriesId === null) notFound();
        await setSeriesState(deps, actor, event.seriesId, seriesState);
        return { success: seriesDone[seriesState] };
      }
      // A move button of the line-up (without JavaScript): the form comes back reordered.
      if (values[LINEUP_EDIT_ONLY]) return { values };
      const chosen = await withClubChosenByName(deps, values);
      await updateEventOrSeries(deps, actor, eventId, chosen);
      throw redirect("/user/events?gespeichert=1");
    },
    eventFormPost,
  );
};

export default function EditEvent() {
  const { eventId, series, notPublic, previewToken, ...data } = useLoaderData<typeof loader>();
  const result = useActionData<FormResult>();
  const seriesResult = result?.intent ? result : undefined;
  return (
    <section className="flex flex-col gap-6 py-6">
      <h1 className="text-3xl font-black tracking-tight">Party bearbeiten</h1>
      {series ? (
        <SeriesControls series={series} csrfToken={data.csrfToken} result={seriesResult} />
      ) : null}
      {notPublic ? (
        <section aria-label="Vorschau" className="flex flex-col gap-2">
          <p className="text-sm text-muted">
            Noch nicht öffentlich. Mit dem Vorschau-Link sieht Dein Team (und wem Ihr ihn schickt)
            die Party-Seite schon jetzt, ohne Anmeldung.
          </p>
          <PreviewLink eventId={eventId} title={data.initial.title} token={previewToken} />
        </section>
      ) : null}
      <EventForm
        key={eventId}
        {...data}
        series={series}
        result={seriesResult ? undefined : result}
        submitLabel="Änderungen speichern"
      />
    </section>
  );
}
