import { and, eq } from "drizzle-orm";
import type { TeamRole } from "#common/schemas/team.ts";
import { organizerMembers, organizers } from "#server/db/schema/catalog.ts";
import { recordAudit } from "#server/domain/audit/audit-log.server.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { NotFoundError, PermissionDeniedError } from "#server/domain/errors.ts";
import type { Actor } from "#server/domain/kernel/actor.ts";

export const unknownTeamMessage = "Dieses Veranstalter-Profil gibt es nicht.";
export const ownersOnlyMessage =
  "Nur Inhaber*innen des Veranstalter-Profils können Leute einladen und entfernen.";

export interface TeamProfile {
  id: number;
  name: string;
  slug: string;
}

/** The actor's role in an organiser's team, with the profile; null when they are not in it. */
export async function membershipOf(
  deps: DomainDeps,
  userId: number,
  organizerId: number,
): Promise<{ role: TeamRole; profile: TeamProfile } | null> {
  const [row] = await deps.db
    .select({
      role: organizerMembers.role,
      id: organizers.id,
      name: organizers.name,
      slug: organizers.slug,
    })
    .from(organizerMembers)
    .innerJoin(organizers, eq(organizers.id, organizerMembers.organizerId))
    .where(and(eq(organizerMembers.organizerId, organizerId), eq(organizerMembers.userId, userId)));
  return row ? { role: row.role, profile: { id: row.id, name: row.name, slug: row.slug } } : null;
}

/**
 * The profile, if the actor owns it (decision 0232): someone outside the team gets "not found",
 * a member "only owners"; every refusal goes to the audit log with what was attempted.
 */
export async function requireTeamOwner(
  deps: DomainDeps,
  actor: Actor,
  organizerId: number,
  attempted: string,
): Promise<TeamProfile> {
  const membership = await membershipOf(deps, actor.id, organizerId);
  if (membership?.role === "owner") return membership.profile;
  await recordAudit(deps, {
    actorUserId: actor.id,
    action: `organizer.${attempted}.denied`,
    entityType: "organizer",
    entityId: organizerId,
    ip: actor.ip ?? null,
  });
  if (!membership) throw new NotFoundError(unknownTeamMessage);
  throw new PermissionDeniedError(ownersOnlyMessage);
}
