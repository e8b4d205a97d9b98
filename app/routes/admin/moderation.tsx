import { Form, Link, useActionData, useLoaderData } from "react-router";
import { rejectEventSchema } from "#common/schemas/admin.ts";
import { formatNight, partyNightOf } from "#common/dates.ts";
import { eventPath } from "#common/urls.ts";
import { mergeHeldDuplicate } from "#server/domain/imports/held-duplicates.server.ts";
import {
  approveEvent,
  listPendingEvents,
  rejectEvent,
} from "#server/domain/moderation/event-moderation.server.ts";
import {
  getSiteSettings,
  updateSiteSettings,
} from "#server/domain/settings/site-settings.server.ts";
import { CsrfField } from "#app/components/forms/csrf-field.tsx";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import { TextField } from "#app/components/forms/text-field.tsx";
import { useValidatedForm } from "#app/components/forms/use-validated-form.ts";
import { formAction, refuseUnknownIntent } from "#app/lib/form-action.server.ts";
import type { FormResult } from "#app/lib/form-result.ts";
import { parsePostedId } from "#app/lib/route-params.ts";
import { actorOf, requireAdmin } from "#app/lib/session.server.ts";
import { privatePageMeta } from "#app/lib/private-page-meta.ts";
import type { Route } from "./+types/moderation";

export const meta = privatePageMeta("Freigaben");

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const [pending, settings] = await Promise.all([
    listPendingEvents(context.deps),
    getSiteSettings(context.deps),
  ]);
  return {
    csrfToken: context.session.csrfToken,
    eventsNeedApproval: settings.eventsNeedApproval,
    timeZone: context.deps.config.city.timeZone,
    pending: pending.map((event) => ({
      id: event.id,
      title: event.title,
      url: eventPath(event),
      startsAt: event.startsAt.toISOString(),
      creator: event.creator?.displayName ?? "unbekannt",
      duplicateOf:
        event.duplicateOf === null
          ? null
          : { title: event.duplicateOf.title, url: eventPath(event.duplicateOf) },
    })),
  };
}

export const action = (args: Route.ActionArgs) => {
  const actor = actorOf(requireAdmin(args.request, args.context), args.context);
  const { deps } = args.context;
  return formAction(
    args,
    async ({ values, intent }) => {
      if (intent === "setting") {
        await updateSiteSettings(deps, actor, { eventsNeedApproval: values.eventsNeedApproval });
        return { success: "Einstellung gespeichert." };
      }
      const eventId = parsePostedId(values.eventId);
      if (intent === "approve") {
        await approveEvent(deps, actor, eventId);
        return { success: "Die Party ist freigegeben." };
      }
      if (intent === "merge") {
        await mergeHeldDuplicate(deps, actor, eventId);
        return { success: "Zusammengeführt: Die Party steht jetzt nur einmal im Kalender." };
      }
      if (intent === "reject") {
        await rejectEvent(deps, actor, eventId, { reason: values.reason });
        return { success: "Die Party ist abgelehnt; die Begründung ist verschickt." };
      }
      return refuseUnknownIntent();
    },
    { checkboxes: ["eventsNeedApproval"] },
  );
};

function RejectForm({ eventId, csrfToken }: { eventId: number; csrfToken: string }) {
  const result = useActionData<FormResult>();
  const form = useValidatedForm<{ reason: string }>({
    schema: rejectEventSchema,
    defaultValues: { reason: "" },
    result: result?.intent === "reject" ? result : undefined,
  });
  return (
    <form method="post" noValidate onSubmit={form.onSubmit} className="flex flex-col gap-3">
      <CsrfField token={csrfToken} />
      <input type="hidden" name="eventId" value={eventId} />
      <input type="hidden" name="intent" value="reject" />
      <TextField
        id={`reason-${eventId}`}
        label="Begründung der Ablehnung"
        {...form.field("reason")}
      />
      <button
        type="submit"
        className="min-h-11 self-start rounded-full border border-danger px-6 font-semibold text-danger"
      >
        Ablehnen
      </button>
    </form>
  );
}

export default function Moderation() {
  const { csrfToken, pending, eventsNeedApproval, timeZone } = useLoaderData<typeof loader>();
  const result = useActionData<FormResult>();
  return (
    <section className="flex flex-col gap-6">
      <h1 className="text-3xl font-black tracking-tight">Freigaben</h1>
      <FormAlert kind="success">{result?.success}</FormAlert>
      <FormAlert kind="error">{result?.formError}</FormAlert>
      <Form method="post" className="flex flex-wrap items-center gap-4">
        <CsrfField token={csrfToken} />
        <label className="flex items-center gap-3">
          <input
            type="checkbox"
            name="eventsNeedApproval"
            defaultChecked={eventsNeedApproval}
            className="size-5 accent-accent"
          />
          Partys neuer Veranstalter*innen brauchen eine Freigabe
        </label>
        <button
          type="submit"
          name="intent"
          value="setting"
          className="min-h-11 rounded-full border border-line px-5 font-semibold hover:border-accent"
        >
          Speichern
        </button>
      </Form>
      {pending.length === 0 ? (
        <p className="text-muted">Keine Party wartet auf eine Freigabe.</p>
      ) : (
        <ul className="flex flex-col gap-4">
          {pending.map((event) => (
            <li
              key={event.id}
              data-testid="pending-event"
              className="flex flex-col gap-3 rounded-xl border border-line bg-card p-5"
            >
              <div>
                <Link
                  to={event.url}
                  className="text-lg font-bold underline-offset-4 hover:underline"
                >
                  {event.title}
                </Link>
                <p className="text-sm text-muted">
                  {`${formatNight(partyNightOf(new Date(event.startsAt), timeZone))} · von ${event.creator}`}
                </p>
              </div>
              {event.duplicateOf ? (
                <p data-testid="duplicate-question">
                  {"Ist das dieselbe Party wie "}
                  <Link to={event.duplicateOf.url} className="font-semibold underline">
                    {`„${event.duplicateOf.title}“`}
                  </Link>
                  ?
                </p>
              ) : null}
              <Form method="post" className="flex flex-wrap gap-3">
                <CsrfField token={csrfToken} />
                <input type="hidden" name="eventId" value={event.id} />
                {event.duplicateOf ? (
                  <button
                    type="submit"
                    name="intent"
                    value="merge"
                    className="min-h-11 rounded-full bg-accent px-6 font-bold text-accent-ink"
                  >
                    Ja, dieselbe – zusammenführen
                  </button>
                ) : null}
                <button
                  type="submit"
                  name="intent"
                  value="approve"
                  className={
                    event.duplicateOf
                      ? "min-h-11 rounded-full border border-line px-6 font-semibold hover:border-accent"
                      : "min-h-11 rounded-full bg-accent px-6 font-bold text-accent-ink"
                  }
                >
                  {event.duplicateOf ? "Nein, eine andere – freigeben" : "Freigeben"}
                </button>
              </Form>
              <RejectForm eventId={event.id} csrfToken={csrfToken} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
