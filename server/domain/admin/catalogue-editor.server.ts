import { asc, count, eq } from "drizzle-orm";
import { genreAdminSchema, organizerAdminSchema } from "#common/schemas/admin.ts";
import { genreCategories, genres, organizers } from "#server/db/schema/catalog.ts";
import { eventOrganizers } from "#server/db/schema/events.ts";
import { recordAudit } from "#server/domain/audit/audit-log.server.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { ConflictError, NotFoundError, ValidationError } from "#server/domain/errors.ts";
import type { Actor } from "#server/domain/kernel/actor.ts";
import { parseInput } from "#server/domain/parse-input.ts";
import { uniqueSlug } from "#server/domain/unique-slug.server.ts";

async function audit(deps: DomainDeps, actor: Actor, action: string, type: string, id: number) {
  await recordAudit(deps, {
    actorUserId: actor.id,
    action,
    entityType: type,
    entityId: id,
    ip: actor.ip ?? null,
  });
}

/** Creates an organiser (`organizerId` null) or changes one; the slug stays on rename. */
export async function saveOrganizer(
  deps: DomainDeps,
  actor: Actor,
  organizerId: number | null,
  input: unknown,
): Promise<{ id: number; slug: string }> {
  const organizer = parseInput(organizerAdminSchema, input);
  const columns = { ...organizer, website: organizer.website || null, updatedAt: deps.now() };
  const [saved] =
    organizerId === null
      ? await deps.db
          .insert(organizers)
          .values({
            ...columns,
            slug: await uniqueSlug(
              deps,
              organizers,
              organizers.slug,
              organizer.name,
              "veranstalter",
            ),
          })
          .returning({ id: organizers.id, slug: organizers.slug })
      : await deps.db
          .update(organizers)
          .set(columns)
          .where(eq(organizers.id, organizerId))
          .returning({ id: organizers.id, slug: organizers.slug });
  if (!saved) throw new NotFoundError("Diesen Veranstalter gibt es nicht.");
  await audit(
    deps,
    actor,
    organizerId === null ? "organizer.create" : "organizer.update",
    "organizer",
    saved.id,
  );
  return saved;
}

/** Deletes an organiser without parties; one with parties is merged instead. */
export async function deleteOrganizer(deps: DomainDeps, actor: Actor, organizerId: number) {
  const [linked] = await deps.db
    .select({ n: count() })
    .from(eventOrganizers)
    .where(eq(eventOrganizers.organizerId, organizerId));
  if (linked!.n > 0) {
    throw new ConflictError(
      "Der Veranstalter hat noch Partys. Führe ihn stattdessen mit einem anderen zusammen.",
    );
  }
  const [deleted] = await deps.db
    .delete(organizers)
    .where(eq(organizers.id, organizerId))
    .returning({ id: organizers.id });
  if (!deleted) throw new NotFoundError("Diesen Veranstalter gibt es nicht.");
  await audit(deps, actor, "organizer.delete", "organizer", organizerId);
}

/** Genres with their category, for the catalogue. */
export async function listGenresForAdmin(deps: DomainDeps) {
  const [rows, categories] = await Promise.all([
    deps.db
      .select({
        id: genres.id,
        name: genres.name,
        categoryId: genres.categoryId,
        isMain: genres.isMain,
      })
      .from(genres)
      .orderBy(asc(genres.name)),
    deps.db
      .select({ id: genreCategories.id, name: genreCategories.name })
      .from(genreCategories)
      .orderBy(asc(genreCategories.position), asc(genreCategories.name)),
  ]);
  return { genres: rows, categories };
}

/** Creates a genre (`genreId` null) or changes one; the category must exist. */
export async function saveGenre(
  deps: DomainDeps,
  actor: Actor,
  genreId: number | null,
  input: unknown,
): Promise<{ id: number; slug: string }> {
  const genre = parseInput(genreAdminSchema, input);
  const [category] = await deps.db
    .select({ id: genreCategories.id })
    .from(genreCategories)
    .where(eq(genreCategories.id, genre.categoryId));
  if (!category) throw new ValidationError({ categoryId: ["Diese Kategorie gibt es nicht."] });
  const [saved] =
    genreId === null
      ? await deps.db
          .insert(genres)
          .values({
            ...genre,
            slug: await uniqueSlug(deps, genres, genres.slug, genre.name, "genre"),
          })
          .returning({ id: genres.id, slug: genres.slug })
      : await deps.db
          .update(genres)
          .set(genre)
          .where(eq(genres.id, genreId))
          .returning({ id: genres.id, slug: genres.slug });
  if (!saved) throw new NotFoundError("Dieses Genre gibt es nicht.");
  await audit(deps, actor, genreId === null ? "genre.create" : "genre.update", "genre", saved.id);
  return saved;
}

/** Deletes a genre; the parties that had it keep their other genres (links cascade). */
export async function deleteGenre(deps: DomainDeps, actor: Actor, genreId: number) {
  const [deleted] = await deps.db
    .delete(genres)
    .where(eq(genres.id, genreId))
    .returning({ id: genres.id });
  if (!deleted) throw new NotFoundError("Dieses Genre gibt es nicht.");
  await audit(deps, actor, "genre.delete", "genre", genreId);
}
