import { inArray } from "drizzle-orm";
import type { NavigationItem } from "#common/schemas/navigation.ts";
import { navigationMenus } from "#server/db/schema/content.ts";
import type { DomainDeps } from "#server/domain/deps.ts";

export interface Navigation {
  /** The menu modal's main navigation; items with children open a submenu. */
  main: NavigationItem[];
  /** The footer's links. */
  footer: NavigationItem[];
}

/** The site's menus from the navigation_menus table; a missing menu is empty. */
export async function getNavigation(deps: DomainDeps): Promise<Navigation> {
  const rows = await deps.db
    .select({ key: navigationMenus.key, items: navigationMenus.items })
    .from(navigationMenus)
    .where(inArray(navigationMenus.key, ["main", "footer"]));
  const menu = (key: string) => rows.find((row) => row.key === key)?.items ?? [];
  return { main: menu("main"), footer: menu("footer") };
}
