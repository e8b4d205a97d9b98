import type { FastifyInstance, FastifyReply } from "fastify";
import { PUBLIC_CACHE_CONTROL } from "#common/public-cache-control.ts";
import {
  embeddedProgrammeParams,
  embeddedProgrammeQuery,
} from "#common/schemas/embedded-programme.ts";
import { embeddedProgrammePath, embedScriptPath, type FeedTarget } from "#common/urls.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { NotFoundError } from "#server/domain/errors.ts";
import { embeddedProgramme } from "#server/domain/feeds/embedded-programme.server.ts";
import { frameContentSecurityPolicy, sizingScript } from "./frame-assets.ts";
import { frameMessageHtml, programmeHtml } from "./programme-page.tsx";

/**
 * Helmet's defaults but two, for these routes only: any page may frame the programme (no
 * `X-Frame-Options`; its CSP says `frame-ancestors *`), and any page may load the sizing script
 * (`Cross-Origin-Resource-Policy: cross-origin`).
 */
const embeddable = {
  frameguard: false,
  crossOriginResourcePolicy: { policy: "cross-origin" },
} as const;

const BAD_ADDRESS = "Diese Adresse des Partyprogramms stimmt nicht. Kopiere den Code bitte neu.";
const UNKNOWN_SUBJECT = "Diesen Club, Veranstalter oder dieses Genre gibt es hier nicht (mehr).";

function sendFrame(reply: FastifyReply, status: number, html: string) {
  return reply
    .status(status)
    .header("content-security-policy", frameContentSecurityPolicy)
    .header("x-robots-tag", "noindex")
    .header("cache-control", status === 200 ? PUBLIC_CACHE_CONTROL : "no-store")
    .type("text/html; charset=utf-8")
    .send(html);
}

/**
 * The programme for other sites (decision 0231): `/einbinden/programm`, a small HTML page for an
 * `<iframe>` with the next parties of a club, organiser, genre or the whole city, and
 * `/einbinden/programm.js`, the script that sizes such frames. Both are the same for every
 * visitor: no cookie, nothing from another origin, kept by the page cache like every public page.
 */
export async function embedRoutes(app: FastifyInstance, { deps }: { deps: DomainDeps }) {
  const script = sizingScript(new URL(deps.config.publicUrl).origin);

  app.get(
    embeddedProgrammePath,
    // The page cache keys on these parameters, and keeps no address carrying any other.
    { helmet: embeddable, config: { queryParams: embeddedProgrammeParams } },
    async (request, reply) => {
      const query = embeddedProgrammeQuery.safeParse(request.query);
      if (!query.success) return sendFrame(reply, 400, frameMessageHtml(BAD_ADDRESS));
      const { club, organizer, genre, count, theme } = query.data;
      const target: FeedTarget = club
        ? { kind: "club", id: club }
        : organizer
          ? { kind: "organizer", id: organizer }
          : genre
            ? { kind: "genre", id: genre }
            : { kind: "all" };
      try {
        const programme = await embeddedProgramme(deps, target, count);
        const html = programmeHtml(programme, { theme, timeZone: deps.config.city.timeZone });
        return sendFrame(reply, 200, html);
      } catch (error) {
        if (error instanceof NotFoundError) {
          return sendFrame(reply, 404, frameMessageHtml(UNKNOWN_SUBJECT));
        }
        throw error;
      }
    },
  );

  app.get(
    embedScriptPath,
    { helmet: embeddable, config: { queryParams: new Set<string>() } },
    async (_request, reply) =>
      reply
        .header("cache-control", PUBLIC_CACHE_CONTROL)
        .type("text/javascript; charset=utf-8")
        .send(script),
  );
}
