import { menuFromText } from "#common/menu-text.ts";
import { z } from "#common/schemas/german-errors.ts";
import { navigationSchema } from "#common/schemas/navigation.ts";
import { navigationMenus } from "#server/db/schema/content.ts";
import { recordAudit } from "#server/domain/audit/audit-log.server.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { ValidationError } from "#server/domain/errors.ts";
import { parseInput } from "#server/domain/parse-input.ts";

export type MenuKey = "main" | "footer";

const menuInput = z.object({ items: navigationSchema.shape.main });

/** Replaces one menu (the menu modal's "main" or the "footer"); field errors in German. */
export async function saveNavigationMenu(
  deps: DomainDeps,
  actor: { id: number; ip?: string | null },
  key: MenuKey,
  input: unknown,
): Promise<void> {
  const { items } = parseInput(menuInput, input);
  await deps.db
    .insert(navigationMenus)
    .values({ key, items, updatedAt: deps.now() })
    .onConflictDoUpdate({ target: navigationMenus.key, set: { items, updatedAt: deps.now() } });
  await recordAudit(deps, {
    actorUserId: actor.id,
    action: "navigation.save",
    entityType: "navigation_menu",
    entityId: key,
    ip: actor.ip ?? null,
  });
}

/**
 * Saves both menus from the admin area's text form (common/menu-text.ts); a line that is no
 * entry is a field error on its menu, and then neither menu changes.
 */
export async function saveMenusFromText(
  deps: DomainDeps,
  actor: { id: number; ip?: string | null },
  input: Record<string, unknown>,
): Promise<void> {
  const keys: MenuKey[] = ["main", "footer"];
  const parsed = keys.map((key) => ({ key, menu: menuFromText(String(input[key] ?? "")) }));
  const fieldErrors = Object.fromEntries(
    parsed.flatMap(({ key, menu }) => ("error" in menu ? [[key, [menu.error]]] : [])),
  );
  if (Object.keys(fieldErrors).length > 0) throw new ValidationError(fieldErrors);
  for (const { key, menu } of parsed) await saveNavigationMenu(deps, actor, key, menu);
}
