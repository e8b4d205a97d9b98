import { and, eq, inArray } from "drizzle-orm";
import { consentContradictsAge, doorFactMessages } from "#common/schemas/door-facts.ts";
import type { EventInput } from "#common/schemas/event-form.ts";
import { genres, locations, organizerMembers } from "#server/db/schema/catalog.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { ValidationError, type FieldErrors } from "#server/domain/errors.ts";
import { isFlyerUploadedBy } from "#server/domain/uploads/flyer-files.server.ts";
import type { EventRow } from "./event-ownership.server.ts";
import type { Actor } from "#server/domain/kernel/actor.ts";

const referenceMessages = {
  unknownGenre: "Dieses Genre gibt es nicht.",
  unknownLocation: "Diesen Club gibt es nicht.",
  foreignOrganizer: "Du kannst nur Veranstalter eintragen, für die Du handelst.",
  foreignFlyer: "Bitte lade den Flyer selbst hoch.",
  removedByMember:
    "Ein Veranstalter-Profil können nur seine Inhaber*innen von der Party nehmen: Die Party gehört dem Profil.",
} as const;

/** Whether the user owns every one of these organiser profiles (decision 0232). */
async function ownsAll(deps: DomainDeps, userId: number, organizerIds: number[]): Promise<boolean> {
  const owned = await deps.db
    .select({ id: organizerMembers.organizerId })
    .from(organizerMembers)
    .where(
      and(
        eq(organizerMembers.userId, userId),
        eq(organizerMembers.role, "owner"),
        inArray(organizerMembers.organizerId, organizerIds),
      ),
    );
  return owned.length === organizerIds.length;
}

/**
 * Checks what the form points to: genres and the club exist, the organisers are the actor's own
 * (admins may name any; those already on the event may stay, and only their owners may take
 * them off it, decision 0232), and the flyer is one the actor uploaded or the one the event
 * already has. The party's door facts must not contradict its
 * club's defaults: a Muttizettel where the club admits only adults, or "ab 18" where the club
 * accepts one (decision 0220).
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
      .select({ id: locations.id, doorFacts: locations.doorFacts })
      .from(locations)
      .where(eq(locations.id, input.locationId));
    if (!club) errors.location = [referenceMessages.unknownLocation];
    else if (
      consentContradictsAge(
        input.ageLimit ?? club.doorFacts.minAge,
        input.doorFacts.parentalConsent ?? club.doorFacts.parentalConsent,
      )
    ) {
      errors.door_parental_consent = [doorFactMessages.consentWithAdultsOnly];
    }
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
  if (actor.role !== "admin" && !errors.organizers) {
    const removed = existingOrganizerIds.filter((id) => !input.organizerIds.includes(id));
    if (removed.length > 0 && !(await ownsAll(deps, actor.id, removed))) {
      errors.organizers = [referenceMessages.removedByMember];
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
