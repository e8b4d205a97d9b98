import { asc, eq } from "drizzle-orm";
import { organizers } from "#server/db/schema/catalog.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { NotFoundError } from "#server/domain/errors.ts";

/** Every organiser A–Z, for choosing which to merge into which. */
export async function listOrganizerChoices(
  deps: DomainDeps,
): Promise<{ id: number; name: string }[]> {
  return deps.db
    .select({ id: organizers.id, name: organizers.name })
    .from(organizers)
    .orderBy(asc(organizers.name));
}

/** One organiser's editable details. */
export async function getOrganizerForEditing(deps: DomainDeps, organizerId: number) {
  const [organizer] = await deps.db
    .select({
      id: organizers.id,
      name: organizers.name,
      slug: organizers.slug,
      description: organizers.description,
      website: organizers.website,
    })
    .from(organizers)
    .where(eq(organizers.id, organizerId));
  if (!organizer) throw new NotFoundError("Diesen Veranstalter gibt es nicht.");
  return organizer;
}
