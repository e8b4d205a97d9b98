import { Link } from "react-router";
import {
  listOutboxMails,
  outboxMail,
  outboxViewerEnabled,
} from "#server/mail/outbox-viewer.server.ts";
import { notFound } from "#app/lib/route-params.ts";
import { privatePageMeta } from "#app/lib/private-page-meta.ts";
import type { Route } from "./+types/outbox";

export const meta = privatePageMeta("Postausgang (Entwicklung)");

/** Development only: the mails the embedded mailer wrote to DATA_DIR/outbox. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { config } = context.deps;
  if (!outboxViewerEnabled(config)) notFound();
  const selected = params.file ? await outboxMail(config, params.file) : null;
  if (params.file && !selected) notFound();
  return { mails: await listOutboxMails(config), selected };
}

export default function Outbox({ loaderData }: Route.ComponentProps) {
  const { mails, selected } = loaderData;
  return (
    <div className="flex flex-col gap-6 py-6">
      <h1 className="text-3xl font-bold">Postausgang</h1>
      <p className="text-muted">
        Nur in der Entwicklung: Ohne SMTP_URL landen alle Mails als .eml-Dateien in DATA_DIR/outbox.
      </p>
      {selected ? (
        <section aria-labelledby="mail-betreff" className="flex flex-col gap-3">
          <h2 id="mail-betreff" className="text-xl font-bold">
            {selected.subject}
          </h2>
          <p className="text-sm text-muted">
            An {selected.to} · {selected.date}
          </p>
          <iframe
            title="HTML-Ansicht"
            sandbox=""
            srcDoc={selected.html}
            className="h-[70vh] w-full rounded-lg border border-line bg-white"
          />
          <details>
            <summary className="cursor-pointer font-semibold">Text und Kopfzeilen</summary>
            <pre className="mt-2 overflow-x-auto text-sm whitespace-pre-wrap">{selected.text}</pre>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 text-sm">
              {selected.headers.map(([name, value]) => (
                <div key={name} className="contents">
                  <dt className="font-semibold">{name}</dt>
                  <dd className="break-all">{value}</dd>
                </div>
              ))}
            </dl>
          </details>
        </section>
      ) : null}
      {mails.length === 0 ? (
        <p>Noch keine Mails.</p>
      ) : (
        <ul className="flex flex-col divide-y divide-line">
          {mails.map((mail) => (
            <li key={mail.file} className="py-2">
              <Link to={`/dev/outbox/${mail.file}`} className="font-semibold hover:underline">
                {mail.subject || "(ohne Betreff)"}
              </Link>
              <p className="text-sm text-muted">
                An {mail.to} · {mail.date}
              </p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
