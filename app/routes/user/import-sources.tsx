import { Form, useActionData, useLoaderData } from "react-router";
import { formatDateTime } from "#common/dates.ts";
import {
  addImportSource,
  importSourceChoices,
  listImportSources,
  removeImportSource,
  syncImportSourceNow,
} from "#server/domain/imports/import-sources.server.ts";
import { CsrfField } from "#app/components/forms/csrf-field.tsx";
import { FieldError } from "#app/components/forms/field-error.tsx";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import { SubmitButton } from "#app/components/forms/submit-button.tsx";
import { inputClass } from "#app/components/forms/text-field.tsx";
import { formAction, refuseUnknownIntent } from "#app/lib/form-action.server.ts";
import type { FormResult } from "#app/lib/form-result.ts";
import { parsePostedId } from "#app/lib/route-params.ts";
import { actorOf, requireUser } from "#app/lib/session.server.ts";
import { privatePageMeta } from "#app/lib/private-page-meta.ts";
import type { Route } from "./+types/import-sources";

/**
 * "Kalender-Quellen" (decision 0233): an organiser's (or an admin's) calendars and club pages
 * the site keeps parties in step with — each with its last result or German error — and the
 * form to add one.
 */

export const meta = privatePageMeta("Kalender-Quellen");

const kindLabels = { ics: "Kalender (ICS/webcal)", web_page: "Webseite mit Veranstaltungen" };

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = actorOf(requireUser(request, context), context);
  const [sources, choices] = await Promise.all([
    listImportSources(context.deps, actor),
    importSourceChoices(context.deps, actor),
  ]);
  const timeZone = context.deps.config.city.timeZone;
  return {
    csrfToken: context.session.csrfToken,
    isAdmin: actor.role === "admin",
    choices,
    sources: sources.map((source) => ({
      id: source.id,
      url: source.url,
      kind: kindLabels[source.kind],
      owner: [source.organizerName, source.locationName].filter(Boolean).join(" · "),
      holdForReview: source.holdForReview,
      lastFetchedAt:
        source.lastFetchedAt === null ? null : formatDateTime(source.lastFetchedAt, timeZone),
      lastResult: source.lastResult,
      lastError: source.lastError,
      nextFetchAt: formatDateTime(source.nextFetchAt, timeZone),
    })),
  };
}

export const action = (args: Route.ActionArgs) => {
  const actor = actorOf(requireUser(args.request, args.context), args.context);
  const { deps } = args.context;
  return formAction(
    args,
    async ({ values, intent }) => {
      if (intent === "add") {
        const { run } = await addImportSource(deps, actor, values);
        return run.ok
          ? { success: `Die Quelle ist angelegt: ${run.message}` }
          : {
              formError: `Die Quelle ist angelegt, aber der erste Abruf ging schief: ${run.message}`,
            };
      }
      const sourceId = parsePostedId(values.sourceId);
      if (intent === "sync") {
        const run = await syncImportSourceNow(deps, actor, sourceId);
        return run.ok ? { success: run.message } : { formError: run.message };
      }
      if (intent === "remove") {
        await removeImportSource(deps, actor, sourceId);
        return { success: "Die Quelle ist entfernt. Ihre Partys bleiben, wie sie sind." };
      }
      return refuseUnknownIntent();
    },
    { checkboxes: ["hold_for_review"], lists: ["genres"] },
  );
};

function SourceList({
  sources,
  csrfToken,
}: Pick<ReturnType<typeof useLoaderData<typeof loader>>, "sources" | "csrfToken">) {
  if (sources.length === 0)
    return <p className="text-muted">Du hast noch keine Quelle angelegt.</p>;
  return (
    <ul className="flex flex-col gap-4">
      {sources.map((source) => (
        <li
          key={source.id}
          data-testid="import-source"
          className="flex flex-col gap-2 rounded-xl border border-line bg-card p-5"
        >
          <p className="font-bold break-all">{source.url}</p>
          <p className="text-sm text-muted">
            {[source.kind, source.owner, source.holdForReview ? "wartet auf Freigabe" : null]
              .filter(Boolean)
              .join(" · ")}
          </p>
          {source.lastFetchedAt === null ? (
            <p className="text-sm">Noch nicht abgerufen.</p>
          ) : source.lastError ? (
            <p className="text-sm font-semibold text-danger" role="status">
              {`Letzter Abruf ${source.lastFetchedAt}: ${source.lastError}`}
            </p>
          ) : (
            <p className="text-sm" role="status">
              {`Letzter Abruf ${source.lastFetchedAt}: ${source.lastResult ?? ""}`}
            </p>
          )}
          <p className="text-sm text-muted">{`Nächster Abruf ${source.nextFetchAt}`}</p>
          <Form method="post" className="flex flex-wrap gap-3">
            <CsrfField token={csrfToken} />
            <input type="hidden" name="sourceId" value={source.id} />
            <button
              type="submit"
              name="intent"
              value="sync"
              className="min-h-11 rounded-full border border-line px-5 font-semibold hover:border-accent"
            >
              Jetzt abrufen
            </button>
            <button
              type="submit"
              name="intent"
              value="remove"
              className="min-h-11 rounded-full border border-danger px-5 font-semibold text-danger"
            >
              Quelle entfernen
            </button>
          </Form>
        </li>
      ))}
    </ul>
  );
}

export default function ImportSources() {
  const { csrfToken, sources, choices, isAdmin } = useLoaderData<typeof loader>();
  const result = useActionData<FormResult>();
  const errorOf = (field: string) =>
    result?.intent === "add" ? result.fieldErrors[field]?.[0] : undefined;
  return (
    <section className="flex flex-col gap-6 py-6">
      <h1 className="text-3xl font-black tracking-tight">Kalender-Quellen</h1>
      <p className="max-w-prose">
        Hast Du Dein Programm schon in einem Kalender (ICS, webcal, Google oder Nextcloud) oder auf
        Deiner Webseite mit schema.org-Veranstaltungen? Trag die Adresse hier ein: Wir holen Deine
        Partys stündlich ab und halten sie aktuell. Was Du hier an einer Party änderst, bleibt so.
      </p>
      <FormAlert kind="success">{result?.success}</FormAlert>
      <FormAlert kind="error">{result?.formError}</FormAlert>
      <SourceList sources={sources} csrfToken={csrfToken} />
      <h2 className="text-2xl font-black tracking-tight">Quelle hinzufügen</h2>
      <Form method="post" noValidate className="flex max-w-xl flex-col gap-5">
        <CsrfField token={csrfToken} />
        <div className="flex flex-col gap-1.5">
          <label htmlFor="url" className="font-semibold">
            Adresse
          </label>
          <input
            id="url"
            name="url"
            type="url"
            required
            placeholder="https://…"
            aria-invalid={errorOf("url") ? true : undefined}
            className={inputClass}
          />
          <FieldError name="url" message={errorOf("url")} />
        </div>
        <fieldset className="flex flex-col gap-2">
          <legend className="font-semibold">Was steht unter der Adresse?</legend>
          {Object.entries(kindLabels).map(([value, label]) => (
            <label key={value} className="flex items-center gap-3">
              <input
                type="radio"
                name="kind"
                value={value}
                defaultChecked={value === "ics"}
                className="size-5 accent-accent"
              />
              {label}
            </label>
          ))}
          <FieldError name="kind" message={errorOf("kind")} />
        </fieldset>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="organizer" className="font-semibold">
            Veranstalter
          </label>
          <select id="organizer" name="organizer" className={inputClass}>
            {isAdmin ? <option value="">– keiner –</option> : null}
            {choices.organizers.map((organizer) => (
              <option key={organizer.id} value={organizer.id}>
                {organizer.name}
              </option>
            ))}
          </select>
          <FieldError name="organizer" message={errorOf("organizer")} />
        </div>
        {isAdmin ? (
          <div className="flex flex-col gap-1.5">
            <label htmlFor="location" className="font-semibold">
              Club (für Einträge ohne Ort)
            </label>
            <select id="location" name="location" className={inputClass}>
              <option value="">– keiner –</option>
              {choices.clubs.map((club) => (
                <option key={club.id} value={club.id}>
                  {club.name}
                </option>
              ))}
            </select>
            <FieldError name="location" message={errorOf("location")} />
          </div>
        ) : null}
        <fieldset className="flex flex-col gap-2">
          <legend className="font-semibold">Genres jeder Party</legend>
          <div className="flex flex-wrap gap-x-5 gap-y-2">
            {choices.genres.map((genre) => (
              <label key={genre.id} className="flex items-center gap-2">
                <input
                  type="checkbox"
                  name="genres"
                  value={genre.id}
                  className="size-5 accent-accent"
                />
                {genre.name}
              </label>
            ))}
          </div>
          <FieldError name="genres" message={errorOf("genres")} />
        </fieldset>
        <label className="flex items-center gap-3">
          <input type="checkbox" name="hold_for_review" className="size-5 accent-accent" />
          Neue Partys dieser Quelle warten auf eine Freigabe
        </label>
        <input type="hidden" name="intent" value="add" />
        <SubmitButton>Quelle hinzufügen</SubmitButton>
      </Form>
    </section>
  );
}
