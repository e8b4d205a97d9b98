import { count, eq, max } from "drizzle-orm";
import { genreCategoryAdminSchema } from "#common/schemas/admin.ts";
import { genreCategories, genres } from "#server/db/schema/catalog.ts";
import { recordAudit } from "#server/domain/audit/audit-log.server.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { ConflictError, NotFoundError } from "#server/domain/errors.ts";
import type { Actor } from "#server/domain/kernel/actor.ts";
import { parseInput } from "#server/domain/parse-input.ts";
import { uniqueSlug } from "#server/domain/unique-slug.server.ts";

export const categoryInUseMessage =
  "Diese Kategorie hat noch Genres. Ordne sie zuerst einer anderen Kategorie zu.";

async function audit(deps: DomainDeps, actor: Actor, action: string, id: number) {
  await recordAudit(deps, {
    actorUserId: actor.id,
    action,
    entityType: "genre_category",
    entityId: id,
    ip: actor.ip ?? null,
  });
}

/**
 * Creates a genre category (`categoryId` null; it goes last) or renames one (its slug stays,
 * so addresses built from it do not change).
 */
export async function saveGenreCategory(
  deps: DomainDeps,
  actor: Actor,
  categoryId: number | null,
  input: unknown,
): Promise<{ id: number; slug: string }> {
  const { name } = parseInput(genreCategoryAdminSchema, input);
  let saved: { id: number; slug: string } | undefined;
  if (categoryId === null) {
    const [last] = await deps.db
      .select({ position: max(genreCategories.position) })
      .from(genreCategories);
    [saved] = await deps.db
      .insert(genreCategories)
      .values({
        name,
        slug: await uniqueSlug(deps, genreCategories, genreCategories.slug, name, "kategorie"),
        position: (last?.position ?? 0) + 1,
      })
      .returning({ id: genreCategories.id, slug: genreCategories.slug });
  } else {
    [saved] = await deps.db
      .update(genreCategories)
      .set({ name })
      .where(eq(genreCategories.id, categoryId))
      .returning({ id: genreCategories.id, slug: genreCategories.slug });
  }
  if (!saved) throw new NotFoundError("Diese Kategorie gibt es nicht.");
  await audit(
    deps,
    actor,
    categoryId === null ? "genre_category.create" : "genre_category.update",
    saved.id,
  );
  return saved;
}

/** Deletes an empty genre category; one that genres still use is refused (409). */
export async function deleteGenreCategory(deps: DomainDeps, actor: Actor, categoryId: number) {
  const [used] = await deps.db
    .select({ n: count() })
    .from(genres)
    .where(eq(genres.categoryId, categoryId));
  if (used!.n > 0) throw new ConflictError(categoryInUseMessage);
  const [deleted] = await deps.db
    .delete(genreCategories)
    .where(eq(genreCategories.id, categoryId))
    .returning({ id: genreCategories.id });
  if (!deleted) throw new NotFoundError("Diese Kategorie gibt es nicht.");
  await audit(deps, actor, "genre_category.delete", categoryId);
}
