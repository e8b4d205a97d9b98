import type { FastifyInstance, FastifyReply } from "fastify";
import type { DomainDeps } from "#server/domain/deps.ts";
import { NotFoundError } from "#server/domain/errors.ts";
import {
  calendarFeed,
  partyCalendar,
  rssFeed,
  type FeedScope,
} from "#server/domain/feeds/party-feeds.server.ts";
import { savedPartiesCalendar } from "#server/domain/saved-parties/saved-parties-feed.server.ts";
import { robotsTxt, sitemapIndexXml, sitemapPartXml } from "#server/domain/seo/sitemap.server.ts";
import { followsCalendar } from "#server/domain/feeds/follows-feed.server.ts";
import { nightPlanCalendar } from "#server/domain/night-plans/night-plan-calendar.server.ts";
import { decodePlanSets } from "#common/night-plan-link.ts";
import { nightPlanCalendarPath } from "#common/urls.ts";

/** Feeds change with the parties; a CDN may keep them a few minutes. */
const FEED_CACHE_CONTROL = "public, max-age=300, s-maxage=300, stale-while-revalidate=3600";

const feedFile = /^([1-9]\d{0,8})\.(ics|rss)$/;
const scopeOfFolder = { club: "club", veranstalter: "organizer", genre: "genre" } as const;

function notFound(reply: FastifyReply) {
  return reply.status(404).type("text/plain; charset=utf-8").send("Die Seite wurde nicht gefunden");
}

async function sendFeed(
  reply: FastifyReply,
  deps: DomainDeps,
  scope: FeedScope,
  format: "ics" | "rss",
  selfPath: string,
) {
  try {
    const body =
      format === "ics" ? await calendarFeed(deps, scope) : await rssFeed(deps, scope, selfPath);
    return reply
      .header("cache-control", FEED_CACHE_CONTROL)
      .type(
        format === "ics" ? "text/calendar; charset=utf-8" : "application/rss+xml; charset=utf-8",
      )
      .send(body);
  } catch (error) {
    if (error instanceof NotFoundError) return notFound(reply);
    throw error;
  }
}

/**
 * Feeds and crawler files outside React Router (decision 0016): /robots.txt, /sitemap.xml
 * (an index) with /sitemaps/{n}.xml, and iCalendar/RSS feeds under /feeds/.
 */
export async function feedRoutes(app: FastifyInstance, { deps }: { deps: DomainDeps }) {
  app.get("/robots.txt", async (_request, reply) =>
    reply
      .header("cache-control", FEED_CACHE_CONTROL)
      .type("text/plain; charset=utf-8")
      .send(robotsTxt(deps)),
  );

  app.get("/sitemap.xml", async (_request, reply) =>
    reply
      .header("cache-control", FEED_CACHE_CONTROL)
      .type("application/xml; charset=utf-8")
      .send(await sitemapIndexXml(deps)),
  );

  app.get<{ Params: { file: string } }>("/sitemaps/:file", async (request, reply) => {
    const match = /^([1-9]\d{0,5})\.xml$/.exec(request.params.file);
    const xml = match ? await sitemapPartXml(deps, Number(match[1])) : null;
    if (xml === null) return notFound(reply);
    return reply
      .header("cache-control", FEED_CACHE_CONTROL)
      .type("application/xml; charset=utf-8")
      .send(xml);
  });

  app.get<{ Params: { file: string } }>("/feeds/:file", async (request, reply) => {
    const match = /^partys\.(ics|rss)$/.exec(request.params.file);
    if (!match) return notFound(reply);
    return sendFeed(reply, deps, { kind: "all" }, match[1] as "ics" | "rss", request.url);
  });

  // A Nachtplan's sets (decision 0223), named by the plan's link: what is still there.
  app.get<{ Querystring: { sets?: unknown } }>(nightPlanCalendarPath, async (request, reply) => {
    const sets = typeof request.query.sets === "string" ? request.query.sets : "";
    const { picks } = decodePlanSets(sets);
    if (picks.length === 0) return notFound(reply);
    return reply
      .header("cache-control", FEED_CACHE_CONTROL)
      .header("x-robots-tag", "noindex")
      .header("content-disposition", 'attachment; filename="nachtplan.ics"')
      .type("text/calendar; charset=utf-8")
      .send(await nightPlanCalendar(deps, picks));
  });

  // A user's saved parties (decision 0182) and a browser's follows (decision 0186) at their
  // secret addresses: kept by no shared cache, and only briefly by the calendar app, so a
  // replaced address stops answering soon.
  const secretCalendar = (
    path: string,
    calendarOf: (deps: DomainDeps, token: string) => Promise<string>,
  ) =>
    app.get<{ Params: { file: string } }>(path, async (request, reply) => {
      const match = /^([A-Za-z0-9_-]{1,100})\.ics$/.exec(request.params.file);
      if (!match) return notFound(reply);
      try {
        return reply
          .header("cache-control", "private, max-age=300")
          .header("x-robots-tag", "noindex")
          .type("text/calendar; charset=utf-8")
          .send(await calendarOf(deps, match[1]!));
      } catch (error) {
        if (error instanceof NotFoundError) return notFound(reply);
        throw error;
      }
    });
  secretCalendar("/feeds/gemerkt/:file", savedPartiesCalendar);
  secretCalendar("/feeds/folge-ich/:file", followsCalendar);

  app.get<{ Params: { folder: string; file: string } }>(
    "/feeds/:folder/:file",
    async (request, reply) => {
      const { folder, file } = request.params;
      const match = feedFile.exec(file);
      if (!match) return notFound(reply);
      const id = Number(match[1]);
      const format = match[2] as "ics" | "rss";
      if (folder === "party" && format === "ics") {
        try {
          return reply
            .header("cache-control", FEED_CACHE_CONTROL)
            .header("content-disposition", `attachment; filename="party-${id}.ics"`)
            .type("text/calendar; charset=utf-8")
            .send(await partyCalendar(deps, id));
        } catch (error) {
          if (error instanceof NotFoundError) return notFound(reply);
          throw error;
        }
      }
      if (!(folder in scopeOfFolder)) return notFound(reply);
      const kind = scopeOfFolder[folder as keyof typeof scopeOfFolder];
      return sendFeed(reply, deps, { kind, id }, format, request.url);
    },
  );
}
