import { useEffect, useRef, useState } from "react";
import type { z } from "#common/schemas/german-errors.ts";
import { Form, useLoaderData, useSubmit } from "react-router";
import {
  EMBED_HEIGHT_MESSAGE,
  estimatedFrameHeight,
  frameSnippet,
  scriptSnippet,
} from "#common/embed-snippets.ts";
import {
  EMBED_MAX_COUNT,
  embedSnippetQuery,
  type EmbedTheme,
} from "#common/schemas/embedded-programme.ts";
import {
  embeddedProgrammeAddress,
  embedScriptPath,
  programmeJsonAddress,
  type FeedTarget,
} from "#common/urls.ts";
import { FieldError } from "#app/components/forms/field-error.tsx";
import { describedBy, hintId } from "#app/components/forms/field-message.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { privatePageMeta } from "#app/lib/private-page-meta.ts";
import { requireUser } from "#app/lib/session.server.ts";
import { listOwnOrganizers } from "#server/domain/accounts/organizer-profile.server.ts";
import { listClubs } from "#server/domain/clubs/clubs.server.ts";
import { listGenres } from "#server/domain/genres/genres.server.ts";
import { listOrganizers } from "#server/domain/organizers/organizers.server.ts";
import { siteIdentity } from "#server/domain/settings/site-settings.server.ts";
import type { Route } from "./+types/embed-programme";

export const meta = privatePageMeta("Auf Deiner Webseite einbinden");

const themeOptions: { value: EmbedTheme; label: string }[] = [
  { value: "auto", label: "Automatisch (wie beim Gerät der Besucher*innen)" },
  { value: "light", label: "Hell" },
  { value: "dark", label: "Dunkel" },
];

interface Choice {
  value: string;
  name: string;
  target: FeedTarget;
}

const choiceOf = (
  kind: "club" | "organizer" | "genre",
  { id, name }: { id: number; name: string },
): Choice => ({
  value: `${kind}-${id}`,
  name,
  target: { kind, id },
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const { deps } = context;
  const [clubs, organizers, genres, own, { siteName, cityName }] = await Promise.all([
    listClubs(deps),
    listOrganizers(deps),
    listGenres(deps),
    listOwnOrganizers(deps.db, user.id),
    siteIdentity(deps),
  ]);
  const groups = [
    { label: "Clubs", choices: clubs.map((club) => choiceOf("club", club)) },
    {
      label: "Veranstalter",
      choices: organizers.map((organizer) => choiceOf("organizer", organizer)),
    },
    { label: "Genres", choices: genres.map((genre) => choiceOf("genre", genre)) },
  ];
  const all: Choice = { value: "alle", name: cityName, target: { kind: "all" } };
  // Each field on its own: a bad count keeps the chosen club, and the other way round.
  const errors: Partial<Record<keyof typeof embedSnippetQuery.shape, string>> = {};
  const searchParams = new URL(request.url).searchParams;
  const read = <T,>(name: keyof typeof errors, schema: z.ZodType<T>): T => {
    const parsed = schema.safeParse(searchParams.get(name) ?? undefined);
    if (parsed.success) return parsed.data;
    errors[name] = parsed.error.issues[0]?.message;
    return schema.parse(undefined);
  };
  const { shape } = embedSnippetQuery;
  const wanted = read("auswahl", shape.auswahl);
  const count = read("count", shape.count);
  const theme = read("theme", shape.theme);
  const choices = groups.flatMap((group) => group.choices);
  // The first visit shows the user's own organiser profile, if they have one.
  const chosen = wanted ?? (own[0] ? `organizer-${own[0].id}` : all.value);
  const found = chosen === all.value ? all : choices.find((entry) => entry.value === chosen);
  if (!found) errors.auswahl ??= "Ungültige Auswahl.";
  const choice = found ?? all;
  const selection = { target: choice.target, count, theme };
  const origin = new URL(deps.config.publicUrl).origin;
  const title = `Partys: ${choice.name} – ${siteName}`;
  const programmePath = embeddedProgrammeAddress(selection);
  return {
    groups: groups.map((group) => ({
      label: group.label,
      choices: group.choices.map(({ value, name }) => ({ value, name })),
    })),
    allLabel: `Alle Partys in ${cityName}`,
    chosen: choice.value,
    count: selection.count,
    theme: selection.theme,
    errors,
    programmePath,
    title,
    frameSnippet: frameSnippet({
      address: `${origin}${programmePath}`,
      title,
      count: selection.count,
    }),
    scriptSnippet: scriptSnippet(`${origin}${embedScriptPath}`),
    jsonAddress: `${origin}${programmeJsonAddress(selection)}`,
  };
}

/** A snippet to copy: shown whole, with a button once the page runs JavaScript. */
function Snippet({ label, hint, code }: { label: string; hint: string; code: string }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  return (
    <div className="flex flex-col gap-2">
      <h3 className="font-bold">{label}</h3>
      <p className="text-sm text-muted">{hint}</p>
      <pre className="overflow-x-auto whitespace-pre-wrap break-all rounded-lg border border-line bg-card p-3 text-sm">
        <code>{code}</code>
      </pre>
      {hydrated ? (
        <button
          type="button"
          className="min-h-11 self-start rounded-full border border-line px-5 font-semibold hover:border-accent"
          onClick={() => {
            void navigator.clipboard.writeText(code).then(() => setCopied(true));
          }}
        >
          {copied ? "Kopiert!" : "Kopieren"}
        </button>
      ) : null}
    </div>
  );
}

/** The preview: the programme as other sites show it, fitted to its height like there. */
function Preview({ path, title, count }: { path: string; title: string; count: number }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(estimatedFrameHeight(count));
  useEffect(() => {
    const fit = (event: MessageEvent<{ type?: string; height?: number }>) => {
      if (event.origin !== window.location.origin) return;
      if (event.source !== frame.current?.contentWindow) return;
      if (event.data?.type !== EMBED_HEIGHT_MESSAGE || typeof event.data.height !== "number")
        return;
      setHeight(Math.ceil(event.data.height));
    };
    window.addEventListener("message", fit);
    return () => window.removeEventListener("message", fit);
  }, []);
  return (
    <iframe
      ref={frame}
      src={path}
      title={title}
      style={{ height }}
      className="w-full rounded-xl border border-line"
    />
  );
}

/**
 * "Auf Deiner Webseite einbinden" (issue 28, decision 0231): choose a club, organiser or genre,
 * how many parties and the colours; the page shows the programme as other sites will and the
 * snippets to copy, plus the JSON feed of the same parties. The form is sent by GET, at once
 * with each change once the page runs JavaScript.
 */
export default function EmbedProgramme() {
  const data = useLoaderData<typeof loader>();
  const submit = useSubmit();
  return (
    <section className="flex flex-col gap-6 py-6">
      <h1 className="text-3xl font-black tracking-tight">Auf Deiner Webseite einbinden</h1>
      <p className="text-muted">
        Zeig die nächsten Partys Deines Clubs, Deiner Veranstaltungsreihe oder eines Genres auf
        Deiner eigenen Webseite. Das Programm aktualisiert sich von selbst, setzt keine Cookies und
        lädt nichts von anderen Servern – Du brauchst dafür keinen Cookie-Hinweis.
      </p>
      <div className="grid gap-8 lg:grid-cols-2">
        <Form
          method="get"
          className="flex flex-col gap-5"
          onChange={(event) =>
            void submit(event.currentTarget, { replace: true, preventScrollReset: true })
          }
        >
          <div className="flex flex-col gap-2">
            <label htmlFor="auswahl" className="font-semibold">
              Welche Partys?
            </label>
            <select
              id="auswahl"
              name="auswahl"
              defaultValue={data.chosen}
              aria-invalid={data.errors.auswahl ? true : undefined}
              aria-describedby={describedBy("auswahl", false, data.errors.auswahl)}
              className="min-h-12 rounded-lg border border-line bg-card px-3"
            >
              <option value="alle">{data.allLabel}</option>
              {data.groups.map((group) => (
                <optgroup key={group.label} label={group.label}>
                  {group.choices.map((choice) => (
                    <option key={choice.value} value={choice.value}>
                      {choice.name}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
            <FieldError name="auswahl" message={data.errors.auswahl} />
          </div>
          <div className="flex flex-col gap-2">
            <label htmlFor="count" className="font-semibold">
              Wie viele Partys?
            </label>
            <input
              id="count"
              type="number"
              name="count"
              inputMode="numeric"
              min={1}
              max={EMBED_MAX_COUNT}
              defaultValue={data.count}
              aria-invalid={data.errors.count ? true : undefined}
              aria-describedby={describedBy("count", true, data.errors.count)}
              className="min-h-12 w-32 rounded-lg border border-line bg-card px-3"
            />
            <p id={hintId("count")} className="text-sm text-muted">
              1 bis {EMBED_MAX_COUNT}
            </p>
            <FieldError name="count" message={data.errors.count} />
          </div>
          <fieldset
            className="flex flex-col gap-2"
            aria-describedby={describedBy("theme", false, data.errors.theme)}
          >
            <legend className="mb-1 font-semibold">Farben</legend>
            {themeOptions.map((option) => (
              <label
                key={option.value}
                className="flex min-h-12 cursor-pointer items-center gap-3 rounded-lg border border-line bg-card px-4 has-[:checked]:border-accent"
              >
                <input
                  type="radio"
                  name="theme"
                  value={option.value}
                  defaultChecked={option.value === data.theme}
                  className="size-5 shrink-0 accent-accent"
                />
                <span>{option.label}</span>
              </label>
            ))}
            <FieldError name="theme" message={data.errors.theme} />
          </fieldset>
          <button
            type="submit"
            className="min-h-11 self-start rounded-full bg-accent px-6 font-semibold text-accent-ink"
          >
            Vorschau zeigen
          </button>
        </Form>
        <div className="flex flex-col gap-2">
          <h2 className="text-xl font-bold">Vorschau</h2>
          <Preview
            key={data.programmePath}
            path={data.programmePath}
            title={data.title}
            count={data.count}
          />
        </div>
      </div>
      <h2 className="text-xl font-bold">Code für Deine Webseite</h2>
      <Snippet
        label="1. Der Rahmen"
        hint="Füge ihn dort in Deine Seite ein, wo das Programm stehen soll. Er funktioniert überall, auch in Baukästen, die keine Skripte erlauben."
        code={data.frameSnippet}
      />
      <Snippet
        label="2. Das Skript (wenn Deine Seite Skripte erlaubt)"
        hint="Einmal pro Seite, etwa vor </body>: Es passt die Höhe des Rahmens an das Programm an, damit nichts abgeschnitten wird und keine Lücke bleibt."
        code={data.scriptSnippet}
      />
      <div className="flex flex-col gap-2">
        <h3 className="font-bold">Für Entwickler*innen: dieselben Partys als JSON</h3>
        <p className="text-sm text-muted">
          Die Partys der Auswahl in derselben Reihenfolge, als JSON (die Felder beschreibt die
          API-Dokumentation unter /api/docs); auch aus dem Browser einer anderen Seite abrufbar.
        </p>
        <a href={data.jsonAddress} className="break-all font-semibold text-accent underline">
          {data.jsonAddress}
        </a>
      </div>
    </section>
  );
}
