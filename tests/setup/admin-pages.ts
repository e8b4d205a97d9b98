import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "#app/routes.ts";

export interface AdminPage {
  /** The route's path pattern, e.g. `admin/seiten/:slug`. */
  pattern: string;
  /** The route module, relative to app/. */
  file: string;
  /** A path to open, its parameters filled with samples. */
  path: string;
}

/** Sample values for the admin routes' parameters. */
export const sampleParams = { id: "1", slug: "faq" };

function collect(entries: RouteConfigEntry[], parent: string): AdminPage[] {
  return entries.flatMap((entry) => {
    const pattern = [parent, entry.path ?? ""].filter(Boolean).join("/");
    const isAdmin = pattern === "admin" || pattern.startsWith("admin/");
    const path = `/${pattern.replace(/:(\w+)\??/g, (_all, name: keyof typeof sampleParams) => sampleParams[name])}`;
    return [
      ...(isAdmin ? [{ pattern, file: entry.file, path }] : []),
      ...collect(entry.children ?? [], pattern),
    ];
  });
}

/**
 * Every admin page, read from the route list (app/routes.ts), so the guard tests cover a new
 * admin page without being told.
 */
export function adminPages(): AdminPage[] {
  return collect(routes as RouteConfigEntry[], "");
}
