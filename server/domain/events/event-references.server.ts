import { and, eq, inArray } from "drizzle-orm";
import type { EventInput } from "#common/schemas/event-form.ts";
import { genres, locations, organizerMembers } from "#server/db/schema/catalog.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { ValidationError, type FieldErrors } from "#server/domain/errors.ts";
import { isFlyerUploadedBy } from "#server/domain/uploads/flyer-files.server.ts";
import type { Actor, EventRow } from "./event-ownership.server.ts";

const referenceMessages = {
  unknownGenre: "Dieses Genre gibt es nicht.",
  unknownLocation: "Diesen Club gibt es nicht.",
  foreignOrganizer: "Du kannst nur Veranstalter eintragen, für die Du handelst.",
  foreignFlyer: "Bitte lade den Flyer selbst hoch.",
} as const;

/**
 * Checks what the form points to: genres and the club exist, the organisers are the actor's own
 * (admins may name any; those already on the event may stay), and the flyer is one the actor
 * uploaded or the one the event already has.
 */
export async function checkEventReferences(
  deps: DomainDeps,
  actor: Actor,
  input: EventInput,
  existing: EventRow | null,
  existingOrganizerIds: number[] = [],
): Promise<void> {
  const errors: FieldErrors = {};
  if (input.genreIds.length > 0) {
    const found = await deps.db
      .select({ id: genres.id })
      .from(genres)
      .where(inArray(genres.id, input.genreIds));
    if (found.length !== input.genreIds.length) errors.genres = [referenceMessages.unknownGenre];
  }
  if (input.locationId !== null) {
    const [club] = await deps.db
      .select({ id: locations.id })
      .from(locations)
      .where(eq(locations.id, input.locationId));
    if (!club) errors.location = [referenceMessages.unknownLocation];
  }
  if (actor.role !== "admin" && input.organizerIds.length > 0) {
    const own = await deps.db
      .select({ id: organizerMembers.organizerId })
      .from(organizerMembers)
      .where(
        and(
          eq(organizerMembers.userId, actor.id),
          inArray(organizerMembers.organizerId, input.organizerIds),
        ),
      );
    const allowed = new Set([...own.map((row) => row.id), ...existingOrganizerIds]);
    if (!input.organizerIds.every((organizerId) => allowed.has(organizerId))) {
      errors.organizers = [referenceMessages.foreignOrganizer];
    }
  }
  if (
    input.flyerPath !== null &&
    input.flyerPath !== existing?.flyerPath &&
    !isFlyerUploadedBy(input.flyerPath, actor.id)
  ) {
    errors.flyer = [referenceMessages.foreignFlyer];
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
}
