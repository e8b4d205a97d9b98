import { Form, useLoaderData } from "react-router";
import { embedSnippetPagePath } from "#common/urls.ts";
import { LinkTiles } from "#app/components/link-tiles.tsx";
import { CsrfField } from "#app/components/forms/csrf-field.tsx";
import { requireUser } from "#app/lib/session.server.ts";
import { privatePageMeta } from "#app/lib/private-page-meta.ts";
import type { Route } from "./+types/user-home";

export const meta = privatePageMeta("Mein Bereich");

export function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  return { displayName: user.displayName, csrfToken: context.session.csrfToken };
}

const areas = [
  {
    to: "/events/erstellen",
    title: "Party eintragen",
    text: "Flyer, Genres und Sets – in fünf Minuten online.",
  },
  {
    to: "/user/events",
    title: "Meine Events",
    text: "Deine kommenden Partys bearbeiten, kopieren, absagen.",
  },
  {
    to: "/user/vergangene-events",
    title: "Vergangene Events",
    text: "Was schon gelaufen ist, mit Aufrufen.",
  },
  {
    to: "/user/team",
    title: "Team",
    text: "Leute einladen, die die Partys Deines Veranstalter-Profils mit Dir pflegen.",
  },
  {
    to: "/user/quellen",
    title: "Kalender-Quellen",
    text: "Dein Programm aus ICS-Kalender oder Webseite, stündlich aktuell.",
  },
  { to: "/user/anzeigen", title: "Anzeigen", text: "Werbung im Kalender buchen." },
  {
    to: embedSnippetPagePath,
    title: "Auf Deiner Webseite einbinden",
    text: "Dein Programm auf Deiner Seite – ohne Cookies.",
  },
  {
    to: "/user/rechnungen",
    title: "Rechnungen",
    text: "Deine Rechnungen als PDF und E-Rechnung.",
  },
  {
    to: "/user/meine-daten",
    title: "Meine Daten",
    text: "Profil, Veranstalter, Datenexport und Konto löschen.",
  },
  { to: "/user/passwort", title: "Passwort ändern", text: "Beendet alle bisherigen Anmeldungen." },
];

export default function UserHome() {
  const { displayName, csrfToken } = useLoaderData<typeof loader>();
  return (
    <section className="flex flex-col gap-6 py-6">
      <h1 className="text-3xl font-black tracking-tight">Hallo {displayName}!</h1>
      <LinkTiles
        tiles={areas.map((area) => ({ to: area.to, head: area.title, text: area.text }))}
        headClassName="text-lg font-bold"
        gridClassName="sm:grid-cols-2 lg:grid-cols-3"
      />
      <Form method="post" action="/user/logout">
        <CsrfField token={csrfToken} />
        <button
          type="submit"
          className="min-h-11 rounded-full border border-line px-6 font-semibold hover:border-accent"
        >
          Abmelden
        </button>
      </Form>
    </section>
  );
}
