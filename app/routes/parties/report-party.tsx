import { Link, useActionData, useLoaderData } from "react-router";
import { eventReportSchema, eventReportThanks } from "#common/schemas/admin.ts";
import { eventPath } from "#common/urls.ts";
import { getPublicEvent } from "#server/domain/events/public-events.server.ts";
import { reportEvent } from "#server/domain/moderation/event-reports.server.ts";
import { CsrfField } from "#app/components/forms/csrf-field.tsx";
import { describedBy } from "#app/components/forms/field-message.ts";
import { FieldError } from "#app/components/forms/field-error.tsx";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import { SubmitButton } from "#app/components/forms/submit-button.tsx";
import { TextField, inputClass } from "#app/components/forms/text-field.tsx";
import { useValidatedForm } from "#app/components/forms/use-validated-form.ts";
import { formAction } from "#app/lib/form-action.server.ts";
import type { FormResult } from "#app/lib/form-result.ts";
import { orNotFound } from "#app/lib/not-found.server.ts";
import { parseId } from "#app/lib/route-params.ts";
import { privatePageMeta } from "#app/lib/private-page-meta.ts";
import type { Route } from "./+types/report-party";

export const meta = privatePageMeta("Fehler melden");

export async function loader({ params, context }: Route.LoaderArgs) {
  const event = await orNotFound(getPublicEvent(context.deps, parseId(params.id)));
  return {
    csrfToken: context.session.csrfToken,
    event: { id: event.id, title: event.title, path: eventPath(event) },
  };
}

export const action = (args: Route.ActionArgs) =>
  formAction(args, async ({ values }) => {
    const { deps, session } = args.context;
    await reportEvent(deps, parseId(args.params.id), values, session.client);
    return { success: eventReportThanks };
  });

/** "Fehler melden": what is wrong with this party, for the admins' reports queue. */
export default function ReportParty() {
  const { csrfToken, event } = useLoaderData<typeof loader>();
  const result = useActionData<FormResult>();
  const form = useValidatedForm<{ message: string; email: string }>({
    schema: eventReportSchema,
    defaultValues: { message: "", email: "" },
    result,
  });
  const message = form.field("message");
  return (
    <section className="mx-auto flex w-full max-w-xl flex-col gap-6 py-6">
      <h1 className="text-3xl font-black tracking-tight">Fehler melden</h1>
      <p>
        {"Was stimmt nicht bei "}
        <Link to={event.path} className="font-semibold underline">
          {event.title}
        </Link>
        ? Zeit, Ort, Preis oder ein Inhalt, der hier nicht hingehört – schreib es uns.
      </p>
      <FormAlert kind="success">{result?.success}</FormAlert>
      <FormAlert kind="error">{result?.formError}</FormAlert>
      {result?.success ? null : (
        <form method="post" noValidate onSubmit={form.onSubmit} className="flex flex-col gap-5">
          <CsrfField token={csrfToken} />
          <div className="flex flex-col gap-1.5">
            <label htmlFor="message" className="font-semibold">
              Was ist falsch?<span aria-hidden="true"> *</span>
            </label>
            <textarea
              id="message"
              rows={6}
              {...message.registration}
              aria-invalid={message.error ? true : undefined}
              aria-describedby={describedBy("message", false, message.error)}
              className={`${inputClass} py-3`}
            />
            <FieldError name="message" message={message.error} />
          </div>
          <TextField
            label="Deine E-Mail-Adresse (freiwillig, für Rückfragen)"
            type="email"
            inputMode="email"
            autoComplete="email"
            {...form.field("email")}
          />
          <SubmitButton>Meldung senden</SubmitButton>
        </form>
      )}
    </section>
  );
}
