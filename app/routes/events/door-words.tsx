import { useEffect } from "react";
import { Link, useActionData, useLoaderData } from "react-router";
import { formatDateTime } from "#common/dates.ts";
import {
  DOOR_WORD_NOTE_MAX,
  doorWordMessages,
  doorWordPresetTexts,
  doorWordPresets,
  doorWordSchema,
} from "#common/schemas/door-words.ts";
import { eventPath } from "#common/urls.ts";
import {
  doorWordDesk,
  postDoorWord,
  removeDoorWord,
} from "#server/domain/door-words/door-words.server.ts";
import { DoorWordList } from "#app/components/door-words/door-words-card.tsx";
import { CsrfField } from "#app/components/forms/csrf-field.tsx";
import { describedBy } from "#app/components/forms/field-message.ts";
import { FieldError } from "#app/components/forms/field-error.tsx";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import { RadioGroupField } from "#app/components/forms/radio-group-field.tsx";
import { SubmitButton } from "#app/components/forms/submit-button.tsx";
import { inputClass } from "#app/components/forms/text-field.tsx";
import { useValidatedForm } from "#app/components/forms/use-validated-form.ts";
import { formAction, refuseUnknownIntent } from "#app/lib/form-action.server.ts";
import type { FormResult } from "#app/lib/form-result.ts";
import { orNotFound } from "#app/lib/not-found.server.ts";
import { parseId, parsePostedId } from "#app/lib/route-params.ts";
import { privatePageMeta } from "#app/lib/private-page-meta.ts";
import { actorOf, requireUser } from "#app/lib/session.server.ts";
import type { Route } from "./+types/door-words";

export const meta = privatePageMeta("Meldung von der Tür");

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const { deps } = context;
  const desk = await orNotFound(doorWordDesk(deps, actorOf(user, context), parseId(params.id)));
  return {
    csrfToken: context.session.csrfToken,
    event: {
      title: desk.event.title,
      path: eventPath(desk.event),
      start: formatDateTime(desk.event.startsAt, deps.config.city.timeZone),
    },
    refusal: desk.refusal,
    mayRemove: desk.mayRemove,
    words: desk.words.map(({ id, text, time }) => ({ id, text, time })),
  };
}

export const action = (args: Route.ActionArgs) =>
  formAction(args, async ({ values, intent }) => {
    const user = requireUser(args.request, args.context);
    const actor = actorOf(user, args.context);
    const eventId = parseId(args.params.id);
    if (intent === "post") {
      await postDoorWord(args.context.deps, actor, eventId, values);
      return { success: doorWordMessages.posted };
    }
    if (intent === "remove") {
      await removeDoorWord(args.context.deps, actor, eventId, parsePostedId(values.word));
      return { success: doorWordMessages.removed };
    }
    refuseUnknownIntent();
  });

const presetOptions = doorWordPresets.map((preset) => ({
  value: preset,
  label: doorWordPresetTexts[preset],
}));

/**
 * "Meldung von der Tür" (decision 0221): during the party night its team tells the visitors how
 * it looks at the door, from a phone — one tap on a preset, one on "Senden", a note if wanted.
 * Tonight's words are listed below; admins may remove one.
 */
export default function DoorWordsPage() {
  const { csrfToken, event, refusal, mayRemove, words } = useLoaderData<typeof loader>();
  const result = useActionData<FormResult>();
  const form = useValidatedForm<{ preset: string; note: string }>({
    schema: doorWordSchema,
    defaultValues: { preset: "", note: "" },
    result: result?.intent === "post" ? result : undefined,
  });
  const { reset } = form;
  const sent = result?.intent === "post" && result.success !== undefined;
  // Sent: the choice is cleared, so a second tap on "Senden" does not post the word again.
  useEffect(() => {
    if (sent) reset({ preset: "", note: "" });
  }, [sent, result, reset]);
  const note = form.field("note");
  return (
    <section className="mx-auto flex w-full max-w-xl flex-col gap-6 py-6">
      <div className="flex flex-col gap-1">
        <h1 className="text-3xl font-black tracking-tight">Meldung von der Tür</h1>
        <p>
          <Link to={event.path} className="font-semibold underline underline-offset-4">
            {event.title}
          </Link>
          <span className="text-muted"> · {event.start}</span>
        </p>
      </div>
      <FormAlert kind="success">{result?.success}</FormAlert>
      <FormAlert kind="error">{result?.formError}</FormAlert>
      {refusal ? (
        <p className="rounded-lg border border-line px-4 py-3">{refusal}</p>
      ) : (
        <form method="post" noValidate onSubmit={form.onSubmit} className="flex flex-col gap-5">
          <CsrfField token={csrfToken} />
          <input type="hidden" name="intent" value="post" />
          <p className="text-muted">
            Wer die Party gemerkt hat oder dem Club folgt und Live-Updates eingeschaltet hat,
            bekommt Deine Meldung als Benachrichtigung. Bis 06:00 Uhr steht sie auf der Seite der
            Party und unter „Jetzt“.
          </p>
          <RadioGroupField
            legend="Was ist an der Tür los?"
            options={presetOptions}
            {...form.field("preset")}
          />
          <div className="flex flex-col gap-1.5">
            <label htmlFor="note" className="font-semibold">
              Zusatz (freiwillig)
            </label>
            <textarea
              id="note"
              rows={2}
              maxLength={DOOR_WORD_NOTE_MAX}
              {...note.registration}
              aria-invalid={note.error ? true : undefined}
              aria-describedby={describedBy("note", false, note.error)}
              className={`${inputClass} py-3`}
            />
            <FieldError name="note" message={note.error} />
          </div>
          <SubmitButton>Senden</SubmitButton>
        </form>
      )}
      <section aria-labelledby="heute-gemeldet" className="flex flex-col gap-3">
        <h2 id="heute-gemeldet" className="text-xl font-black">
          Heute Nacht gemeldet
        </h2>
        {words.length === 0 ? (
          <p className="text-muted">Noch nichts.</p>
        ) : (
          <DoorWordList
            words={words}
            action={
              mayRemove
                ? (word) => (
                    <form method="post">
                      <CsrfField token={csrfToken} />
                      <input type="hidden" name="word" value={word.id} />
                      <button
                        type="submit"
                        name="intent"
                        value="remove"
                        aria-label={`Meldung entfernen: ${word.time} ${word.text}`}
                        className="inline-flex min-h-11 items-center rounded-full border border-line px-4 text-sm font-semibold hover:border-ink"
                      >
                        Entfernen
                      </button>
                    </form>
                  )
                : undefined
            }
          />
        )}
      </section>
    </section>
  );
}
