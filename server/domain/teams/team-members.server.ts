import { and, asc, count, eq, gt, inArray, isNull } from "drizzle-orm";
import type { TeamRole } from "#common/schemas/team.ts";
import { organizerInvitations, organizerMembers, organizers } from "#server/db/schema/catalog.ts";
import { users } from "#server/db/schema/users.ts";
import { recordAudit } from "#server/domain/audit/audit-log.server.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { ConflictError, NotFoundError } from "#server/domain/errors.ts";
import type { Actor } from "#server/domain/kernel/actor.ts";
import { membershipOf, requireTeamOwner, unknownTeamMessage } from "./team-access.server.ts";

const lastOwnerMessage =
  "Du bist die einzige Inhaberin oder der einzige Inhaber dieses Profils. Lade zuerst jemanden " +
  "als Inhaber*in ein, dann kannst Du das Team verlassen.";
const notInTeamMessage = "Diese Person ist nicht (mehr) im Team.";
const removeYourselfMessage = "Um selbst zu gehen, wähle „Team verlassen“.";

export interface TeamMember {
  userId: number;
  displayName: string;
  /** Shown to owners only (null for members): they invite and remove by address. */
  email: string | null;
  role: TeamRole;
  since: Date;
}

export interface OpenInvitation {
  id: number;
  email: string;
  role: TeamRole;
  expiresAt: Date;
}

export interface Team {
  organizer: { id: number; name: string; slug: string };
  /** The viewer's own role. */
  role: TeamRole;
  members: TeamMember[];
  /** Invitations not yet accepted and not expired; owners only (empty for members). */
  invitations: OpenInvitation[];
}

/** Every organiser team the user is in, by profile name, with its members (owners first). */
export async function listOwnTeams(deps: DomainDeps, userId: number): Promise<Team[]> {
  const own = await deps.db
    .select({
      id: organizers.id,
      name: organizers.name,
      slug: organizers.slug,
      role: organizerMembers.role,
    })
    .from(organizerMembers)
    .innerJoin(organizers, eq(organizers.id, organizerMembers.organizerId))
    .where(eq(organizerMembers.userId, userId))
    .orderBy(asc(organizers.name), asc(organizers.id));
  if (own.length === 0) return [];
  const ids = own.map((team) => team.id);
  const [memberRows, invitationRows] = await Promise.all([
    deps.db
      .select({
        organizerId: organizerMembers.organizerId,
        userId: users.id,
        displayName: users.displayName,
        email: users.email,
        role: organizerMembers.role,
        since: organizerMembers.createdAt,
      })
      .from(organizerMembers)
      .innerJoin(users, eq(users.id, organizerMembers.userId))
      .where(inArray(organizerMembers.organizerId, ids))
      .orderBy(asc(organizerMembers.role), asc(users.displayName), asc(users.id)),
    deps.db
      .select({
        organizerId: organizerInvitations.organizerId,
        id: organizerInvitations.id,
        email: organizerInvitations.email,
        role: organizerInvitations.role,
        expiresAt: organizerInvitations.expiresAt,
      })
      .from(organizerInvitations)
      .where(
        and(
          inArray(organizerInvitations.organizerId, ids),
          isNull(organizerInvitations.acceptedAt),
          gt(organizerInvitations.expiresAt, deps.now()),
        ),
      )
      .orderBy(asc(organizerInvitations.createdAt), asc(organizerInvitations.id)),
  ]);
  return own.map((team) => {
    const owner = team.role === "owner";
    return {
      organizer: { id: team.id, name: team.name, slug: team.slug },
      role: team.role,
      members: memberRows
        .filter((member) => member.organizerId === team.id)
        .map(({ organizerId: _organizer, email, ...member }) => ({
          ...member,
          email: owner ? email : null,
        })),
      invitations: owner
        ? invitationRows
            .filter((invitation) => invitation.organizerId === team.id)
            .map(({ organizerId: _organizer, ...invitation }) => invitation)
        : [],
    };
  });
}

async function ownerCount(deps: DomainDeps, organizerId: number): Promise<number> {
  const [row] = await deps.db
    .select({ owners: count() })
    .from(organizerMembers)
    .where(and(eq(organizerMembers.organizerId, organizerId), eq(organizerMembers.role, "owner")));
  return row?.owners ?? 0;
}

/**
 * An owner takes someone out of the team. Their parties for the profile stay with it (a party
 * belongs to its profile, decision 0232); they can no longer edit them.
 */
export async function removeTeamMember(
  deps: DomainDeps,
  actor: Actor,
  organizerId: number,
  memberId: number,
): Promise<void> {
  await requireTeamOwner(deps, actor, organizerId, "member.remove");
  if (memberId === actor.id) throw new ConflictError(removeYourselfMessage);
  const removed = await deps.db
    .delete(organizerMembers)
    .where(
      and(eq(organizerMembers.organizerId, organizerId), eq(organizerMembers.userId, memberId)),
    )
    .returning({ userId: organizerMembers.userId });
  if (removed.length === 0) throw new NotFoundError(notInTeamMessage);
  await recordAudit(deps, {
    actorUserId: actor.id,
    action: "organizer.member.remove",
    entityType: "organizer",
    entityId: organizerId,
    details: { userId: memberId },
    ip: actor.ip ?? null,
  });
}

/** A member leaves the team; the last owner cannot, so a profile always has one. */
export async function leaveTeam(
  deps: DomainDeps,
  actor: Actor,
  organizerId: number,
): Promise<void> {
  const membership = await membershipOf(deps, actor.id, organizerId);
  if (!membership) throw new NotFoundError(unknownTeamMessage);
  if (membership.role === "owner" && (await ownerCount(deps, organizerId)) <= 1) {
    throw new ConflictError(lastOwnerMessage);
  }
  await deps.db
    .delete(organizerMembers)
    .where(
      and(eq(organizerMembers.organizerId, organizerId), eq(organizerMembers.userId, actor.id)),
    );
  await recordAudit(deps, {
    actorUserId: actor.id,
    action: "organizer.member.leave",
    entityType: "organizer",
    entityId: organizerId,
    ip: actor.ip ?? null,
  });
}
