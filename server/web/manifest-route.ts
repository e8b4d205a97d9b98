import { createHash } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { THEME_COLORS } from "#common/theme.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { siteIdentity } from "#server/domain/settings/site-settings.server.ts";

/** The web app manifest (SPEC §1: installable), named after the site and city in the settings. */
function webAppManifest({ siteName, cityName }: { siteName: string; cityName: string }) {
  return {
    id: "/",
    name: `${siteName} – Partys in ${cityName}`,
    short_name: siteName,
    description: `Techno, House und Drum and Bass in ${cityName}: Partys heute, morgen und am Wochenende.`,
    lang: "de-DE",
    dir: "ltr",
    start_url: "/",
    scope: "/",
    display: "standalone",
    orientation: "portrait",
    background_color: THEME_COLORS.dark,
    theme_color: THEME_COLORS.dark,
    categories: ["entertainment", "music", "lifestyle"],
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
    shortcuts: [
      {
        name: "Heute",
        short_name: "Heute",
        description: "Die Partys von heute Nacht",
        url: "/",
        icons: [{ src: "/icons/icon-192.png", sizes: "192x192", type: "image/png" }],
      },
      {
        name: "Wochenende",
        short_name: "Wochenende",
        description: "Die Partys am Wochenende",
        url: "/#wochenende",
        icons: [{ src: "/icons/icon-192.png", sizes: "192x192", type: "image/png" }],
      },
    ],
  };
}

/**
 * Built from the settings on each request (they are memoised per content version); browsers and
 * CDNs revalidate it by its ETag, so a renamed site shows in the manifest at once.
 */
export async function manifestRoute(app: FastifyInstance, { deps }: { deps: DomainDeps }) {
  app.get("/manifest.webmanifest", async (request, reply) => {
    const body = JSON.stringify(webAppManifest(await siteIdentity(deps)));
    const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 22)}"`;
    reply.header("cache-control", "public, no-cache").header("etag", etag);
    if (request.headers["if-none-match"] === etag) return reply.status(304).send();
    return reply.type("application/manifest+json; charset=utf-8").send(body);
  });
}
