import type { FastifyInstance } from "fastify";
import { THEME_COLORS } from "#common/theme.ts";
import type { Config } from "#server/config.ts";
import type { DomainDeps } from "#server/domain/deps.ts";

/** The web app manifest (SPEC §1: installable), named after the configured site and city. */
function webAppManifest(config: Config) {
  return {
    id: "/",
    name: `${config.siteName} – Partys in ${config.city.name}`,
    short_name: config.siteName,
    description: `Techno, House und Drum and Bass in ${config.city.name}: Partys heute, morgen und am Wochenende.`,
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

export async function manifestRoute(app: FastifyInstance, { deps }: { deps: DomainDeps }) {
  const body = JSON.stringify(webAppManifest(deps.config));
  app.get("/manifest.webmanifest", async (_request, reply) =>
    reply
      .type("application/manifest+json; charset=utf-8")
      .header("cache-control", "public, max-age=3600")
      .send(body),
  );
}
