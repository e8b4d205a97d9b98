import { asc, count, eq } from "drizzle-orm";
import { clubSchema } from "#common/schemas/admin.ts";
import { doorFactsOf, doorFieldNames } from "#common/schemas/door-facts.ts";
import { locations } from "#server/db/schema/catalog.ts";
import { events } from "#server/db/schema/events.ts";
import { recordAudit } from "#server/domain/audit/audit-log.server.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { ConflictError, NotFoundError } from "#server/domain/errors.ts";
import type { Actor } from "#server/domain/kernel/actor.ts";
import { parseInput } from "#server/domain/parse-input.ts";
import { imageFilesOf } from "#server/domain/uploads/flyer-files.server.ts";
import {
  encodeImage,
  type EncodedImage,
  newImagePath,
  storeImage,
} from "#server/domain/uploads/image-encoding.server.ts";
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

const clubPhotoFolder = (clubId: number) => `clubs/c${clubId}/`;

/**
 * Creates a club (`clubId` null) or changes one. A club keeps its slug when renamed, so its
 * address stays; field errors in German. A `photo` (the uploaded file) goes through the
 * flyers' image pipeline — checked by its content, WebP in the widths of FLYER_WIDTHS — and
 * replaces the club's photo; it is checked before anything is written.
 */
export async function saveClub(
  deps: DomainDeps,
  actor: Actor,
  clubId: number | null,
  input: unknown,
  photo: Buffer | null = null,
): Promise<ClubRow> {
  const parsed = parseInput(clubSchema, input);
  const { place_phrase: placePhrase, transit_note: transitNote, ...club } = parsed;
  for (const field of doorFieldNames) delete club[field];
  const image = photo ? await encodeImage(deps, actor.id, photo, "photo") : null;
  const columns = {
    ...club,
    placePhrase,
    transitNote,
    doorFacts: doorFactsOf(parsed),
    website: club.website || null,
    updatedAt: deps.now(),
  };
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
  return image ? attachPhoto(deps, saved, image) : saved;
}

async function attachPhoto(deps: DomainDeps, club: ClubRow, image: EncodedImage) {
  const { base, path } = newImagePath(clubPhotoFolder(club.id));
  await storeImage(deps, base, image);
  return replacePhotos(deps, club, [path]);
}

/** Replaces a club's photo with an upload (the API's photo endpoint). */
export async function setClubPhoto(
  deps: DomainDeps,
  actor: Actor,
  clubId: number,
  photo: Buffer,
): Promise<ClubRow> {
  const club = await getClubForEditing(deps, clubId);
  const saved = await attachPhoto(deps, club, await encodeImage(deps, actor.id, photo, "photo"));
  await recordAudit(deps, {
    actorUserId: actor.id,
    action: "club.photo_set",
    entityType: "location",
    entityId: clubId,
    ip: actor.ip ?? null,
  });
  return saved;
}

/** Sets a club's photos and removes the files of the ones it no longer has. */
async function replacePhotos(deps: DomainDeps, club: ClubRow, images: string[]) {
  const [updated] = await deps.db
    .update(locations)
    .set({ images, updatedAt: deps.now() })
    .where(eq(locations.id, club.id))
    .returning();
  for (const old of club.images.filter((path) => !images.includes(path))) {
    for (const file of imageFilesOf(old)) await deps.storage.delete(file);
  }
  return updated ?? club;
}

/** Removes a club's photo (its files too). */
export async function removeClubPhoto(deps: DomainDeps, actor: Actor, clubId: number) {
  const club = await getClubForEditing(deps, clubId);
  await replacePhotos(deps, club, []);
  await recordAudit(deps, {
    actorUserId: actor.id,
    action: "club.photo_remove",
    entityType: "location",
    entityId: clubId,
    ip: actor.ip ?? null,
  });
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
