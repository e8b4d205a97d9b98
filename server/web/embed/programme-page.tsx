import { renderToStaticMarkup } from "react-dom/server";
import { formatDayTime } from "#common/dates.ts";
import { placeName } from "#common/party-place.ts";
import type { EmbedTheme } from "#common/schemas/embedded-programme.ts";
import { eventPath } from "#common/urls.ts";
import type { EventSummary } from "#server/domain/event-query/event-model.ts";
import type { EmbeddedProgramme } from "#server/domain/feeds/embedded-programme.server.ts";
import { frameScript, frameStyle } from "./frame-assets.ts";

/** Links open the party here in a new tab: the embedding page stays where it was. */
const newTab = { target: "_blank", rel: "noopener" } as const;

function Party({ party, timeZone }: { party: EventSummary; timeZone: string }) {
  const cancelled = party.status === "cancelled";
  const details = [placeName(party), party.genres.map((genre) => genre.name).join(" · ")]
    .filter(Boolean)
    .join(" · ");
  return (
    <li className={cancelled ? "party cancelled" : "party"}>
      <a href={eventPath(party)} {...newTab}>
        <time className="when" dateTime={party.startsAt.toISOString()}>
          {formatDayTime(party.startsAt, timeZone)}
        </time>
        <span className="title">
          {cancelled ? <span className="flag">Abgesagt</span> : null}
          {party.title}
        </span>
        {details ? <span className="details">{details}</span> : null}
      </a>
    </li>
  );
}

function ProgrammeDocument({
  programme,
  theme,
  timeZone,
}: {
  programme: EmbeddedProgramme;
  theme: EmbedTheme;
  timeZone: string;
}) {
  const title = `Partys: ${programme.name} – ${programme.siteName}`;
  return (
    <html lang="de" data-theme={theme === "auto" ? undefined : theme}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{title}</title>
        <style dangerouslySetInnerHTML={{ __html: frameStyle }} />
      </head>
      <body>
        <main>
          {programme.parties.length > 0 ? (
            <ol aria-label={title}>
              {programme.parties.map((party) => (
                <Party key={party.id} party={party} timeZone={timeZone} />
              ))}
            </ol>
          ) : (
            <p className="empty">Gerade ist hier keine Party eingetragen.</p>
          )}
          <p className="more">
            <a href={programme.pagePath} {...newTab}>
              Alle Partys auf {programme.siteName}
            </a>
          </p>
        </main>
        <script dangerouslySetInnerHTML={{ __html: frameScript }} />
      </body>
    </html>
  );
}

/** The embedded programme as a whole HTML document: no React in the browser, one request. */
export function programmeHtml(
  programme: EmbeddedProgramme,
  { theme, timeZone }: { theme: EmbedTheme; timeZone: string },
): string {
  return `<!doctype html>${renderToStaticMarkup(
    <ProgrammeDocument programme={programme} theme={theme} timeZone={timeZone} />,
  )}`;
}

/** A refusal in the frame (bad address, unknown club): the embedding site's author reads it. */
export function frameMessageHtml(message: string): string {
  return `<!doctype html>${renderToStaticMarkup(
    <html lang="de">
      <head>
        <meta charSet="utf-8" />
        <meta name="robots" content="noindex" />
        <title>{message}</title>
        <style dangerouslySetInnerHTML={{ __html: frameStyle }} />
      </head>
      <body>
        <p className="empty">{message}</p>
      </body>
    </html>,
  )}`;
}
