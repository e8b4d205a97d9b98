import { asc, count, eq } from "drizzle-orm";
import { clubSchema } from "#common/schemas/admin.ts";
import { locations } from "#server/db/schema/catalog.ts";
import { events } from "#server/db/schema/events.ts";
import { recordAudit } from "#server/domain/audit/audit-log.server.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { ConflictError, NotFoundError } from "#server/domain/errors.ts";
import type { Actor } from "#server/domain/events/event-ownership.server.ts";
import { parseInput } from "#server/domain/parse-input.ts";
import { uniqueSlug } from "#server/domain/unique-slug.server.ts";

export type ClubRow = typeof locations.$inferSelect;

/** Every club A–Z with its id and slug, for the catalogue. */
export async function listClubsForAdmin(
  deps: DomainDeps,
): Promise<Pick<ClubRow, "id" | "name" | "slug">[]> {
  return deps.db
    .select({ id: locations.id, name: locations.name, slug: locations.slug })
    .from(locations)
    .orderBy(asc(locations.name));
}

export async function getClubForEditing(deps: DomainDeps, clubId: number): Promise<ClubRow> {
  const [club] = await deps.db.select().from(locations).where(eq(locations.id, clubId));
  if (!club) throw new NotFoundError("Diesen Club gibt es nicht.");
  return club;
}

/**
 * Creates a club (`clubId` null) or changes one. A club keeps its slug when renamed, so its
 * address stays; field errors in German.
 */
export async function saveClub(
  deps: DomainDeps,
  actor: Actor,
  clubId: number | null,
  input: unknown,
): Promise<ClubRow> {
  const club = parseInput(clubSchema, input);
  const columns = { ...club, website: club.website || null, updatedAt: deps.now() };
  const [saved] =
    clubId === null
      ? await deps.db
          .insert(locations)
          .values({
            ...columns,
            slug: await uniqueSlug(deps, locations, locations.slug, club.name, "club"),
            createdAt: deps.now(),
          })
          .returning()
      : await deps.db.update(locations).set(columns).where(eq(locations.id, clubId)).returning();
  if (!saved) throw new NotFoundError("Diesen Club gibt es nicht.");
  await recordAudit(deps, {
    actorUserId: actor.id,
    action: clubId === null ? "club.create" : "club.update",
    entityType: "location",
    entityId: saved.id,
    ip: actor.ip ?? null,
  });
  return saved;
}

/** Deletes a club without parties; one with parties is merged instead (its addresses redirect). */
export async function deleteClub(deps: DomainDeps, actor: Actor, clubId: number): Promise<void> {
  const [parties] = await deps.db
    .select({ n: count() })
    .from(events)
    .where(eq(events.locationId, clubId));
  if (parties!.n > 0) {
    throw new ConflictError(
      "Der Club hat noch Partys. Führe ihn stattdessen mit einem anderen Club zusammen.",
    );
  }
  const [deleted] = await deps.db
    .delete(locations)
    .where(eq(locations.id, clubId))
    .returning({ id: locations.id });
  if (!deleted) throw new NotFoundError("Diesen Club gibt es nicht.");
  await recordAudit(deps, {
    actorUserId: actor.id,
    action: "club.delete",
    entityType: "location",
    entityId: clubId,
    ip: actor.ip ?? null,
  });
}
