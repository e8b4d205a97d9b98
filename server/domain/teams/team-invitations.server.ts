import { createHash, randomBytes } from "node:crypto";
import { and, count, eq, gt, isNull, sql } from "drizzle-orm";
import { teamInvitationSchema, teamRoleLabels, type TeamRole } from "#common/schemas/team.ts";
import { organizerInvitations, organizerMembers, organizers } from "#server/db/schema/catalog.ts";
import { users } from "#server/db/schema/users.ts";
import { recordAudit } from "#server/domain/audit/audit-log.server.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { ConflictError, NotFoundError, ValidationError } from "#server/domain/errors.ts";
import type { Actor } from "#server/domain/kernel/actor.ts";
import { messageMail } from "#server/domain/message-mail.server.ts";
import { parseInput } from "#server/domain/parse-input.ts";
import { sendUnsolicitedMail } from "#server/domain/unsolicited-mail.server.ts";
import type { MailMessage } from "#server/mail/mailer.server.ts";
import { requireTeamOwner } from "./team-access.server.ts";

/**
 * Invitations into an organiser's team (decision 0232): an owner names an address and a role,
 * the address gets a link that is valid seven days and once, and only the account with that
 * address can accept it.
 */

const INVITATION_TTL_DAYS = 7;
const ttlInWords = "sieben Tage";
const DAY_MS = 86_400_000;
/** Open invitations one profile may have at a time: a team, not a mailing list. */
const MAX_OPEN_INVITATIONS = 20;

export const invitationRefusals = {
  unknown:
    "Diese Einladung gibt es nicht (mehr): Vielleicht wurde sie zurückgezogen. Bitte das Team um eine neue.",
  used: "Diese Einladung wurde schon angenommen und gilt nur einmal. Bitte das Team um eine neue, wenn Du noch nicht dabei bist.",
  expired: `Diese Einladung ist abgelaufen: Sie galt ${ttlInWords}. Bitte das Team um eine neue.`,
  otherAccount: (email: string) =>
    `Diese Einladung gilt für die E-Mail-Adresse ${email}. Melde Dich mit dem Konto zu dieser Adresse an (oder lege es an), um sie anzunehmen.`,
} as const;

const alreadyInTeamMessage = "Diese Person ist schon im Team.";
const tooManyOpenMessage = `Es sind schon ${MAX_OPEN_INVITATIONS} Einladungen offen. Zieh erst eine zurück oder warte, bis sie angenommen wird.`;
const unknownInvitationMessage = "Diese Einladung gibt es nicht (mehr).";

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

export function invitationPath(token: string): string {
  return `/user/team/einladung?token=${encodeURIComponent(token)}`;
}

function invitationMail(
  deps: DomainDeps,
  to: string,
  invite: { profile: string; inviter: string; role: TeamRole; token: string },
): Promise<MailMessage> {
  const what =
    invite.role === "owner"
      ? "als Inhaber*in: Du kannst dann die Partys des Profils eintragen und bearbeiten, Leute ins Team einladen und Partys hervorheben"
      : "als Mitglied: Du kannst dann die Partys des Profils eintragen und bearbeiten";
  return messageMail(deps, {
    to,
    subject: (site) => `Einladung ins Team von „${invite.profile}“ bei ${site}`,
    paragraphs: [
      `${invite.inviter} lädt Dich ins Team von „${invite.profile}“ ein, ${what}.`,
      "Melde Dich mit dieser E-Mail-Adresse an und nimm die Einladung an. Hast Du noch kein Konto, registriere Dich zuerst mit dieser Adresse und öffne den Link danach noch einmal.",
      `Der Link gilt ${ttlInWords} und nur einmal. Kennst Du das Team nicht, ignoriere diese E-Mail einfach.`,
    ],
    link: {
      label: "Einladung ansehen",
      url: `${deps.config.publicUrl}${invitationPath(invite.token)}`,
    },
  });
}

/**
 * An owner invites an address into the team with a role: a new invitation for an address
 * replaces its open one, an address already in the team is refused, and at most
 * `MAX_OPEN_INVITATIONS` are open. The mail counts against the address's hourly allowance of
 * mails a stranger can cause (decision 0091).
 */
export async function inviteToTeam(
  deps: DomainDeps,
  actor: Actor,
  organizerId: number,
  input: unknown,
): Promise<{ invitationId: number }> {
  const profile = await requireTeamOwner(deps, actor, organizerId, "invite");
  const { email, role } = parseInput(teamInvitationSchema, input);
  const [member] = await deps.db
    .select({ id: users.id })
    .from(organizerMembers)
    .innerJoin(users, eq(users.id, organizerMembers.userId))
    .where(
      and(
        eq(organizerMembers.organizerId, organizerId),
        sql`lower(${users.email}) = lower(${email})`,
      ),
    );
  if (member) throw new ValidationError({ email: [alreadyInTeamMessage] });
  const token = randomBytes(32).toString("base64url");
  const now = deps.now();
  const open = and(
    eq(organizerInvitations.organizerId, organizerId),
    isNull(organizerInvitations.acceptedAt),
    gt(organizerInvitations.expiresAt, now),
  );
  const invitationId = await deps.db.transaction(async (tx) => {
    await tx
      .delete(organizerInvitations)
      .where(and(open, sql`lower(${organizerInvitations.email}) = lower(${email})`));
    const [openCount] = await tx.select({ open: count() }).from(organizerInvitations).where(open);
    if ((openCount?.open ?? 0) >= MAX_OPEN_INVITATIONS) throw new ConflictError(tooManyOpenMessage);
    const [row] = await tx
      .insert(organizerInvitations)
      .values({
        organizerId,
        email,
        role,
        tokenHash: hashOf(token),
        invitedById: actor.id,
        expiresAt: new Date(now.getTime() + INVITATION_TTL_DAYS * DAY_MS),
        createdAt: now,
      })
      .returning({ id: organizerInvitations.id });
    return row!.id;
  });
  const [inviter] = await deps.db
    .select({ name: users.displayName })
    .from(users)
    .where(eq(users.id, actor.id));
  await sendUnsolicitedMail(
    deps,
    await invitationMail(deps, email, {
      profile: profile.name,
      inviter: inviter?.name ?? "Jemand",
      role,
      token,
    }),
  );
  await recordAudit(deps, {
    actorUserId: actor.id,
    action: "organizer.invite",
    entityType: "organizer",
    entityId: organizerId,
    details: { email, role },
    ip: actor.ip ?? null,
  });
  return { invitationId };
}

/** An owner withdraws an open invitation: its link then answers "gibt es nicht (mehr)". */
export async function withdrawInvitation(
  deps: DomainDeps,
  actor: Actor,
  organizerId: number,
  invitationId: number,
): Promise<void> {
  await requireTeamOwner(deps, actor, organizerId, "invite.withdraw");
  const removed = await deps.db
    .delete(organizerInvitations)
    .where(
      and(
        eq(organizerInvitations.id, invitationId),
        eq(organizerInvitations.organizerId, organizerId),
        isNull(organizerInvitations.acceptedAt),
      ),
    )
    .returning({ id: organizerInvitations.id });
  if (removed.length === 0) throw new NotFoundError(unknownInvitationMessage);
}

export interface InvitationView {
  profile: { id: number; name: string; slug: string };
  role: TeamRole;
  roleLabel: string;
  inviter: string | null;
  expiresAt: Date;
}

type Invitee = { id: number; email: string };

async function invitationByToken(deps: DomainDeps, token: string) {
  const [row] = await deps.db
    .select({
      id: organizerInvitations.id,
      email: organizerInvitations.email,
      role: organizerInvitations.role,
      expiresAt: organizerInvitations.expiresAt,
      acceptedAt: organizerInvitations.acceptedAt,
      profileId: organizers.id,
      profileName: organizers.name,
      profileSlug: organizers.slug,
      inviter: users.displayName,
    })
    .from(organizerInvitations)
    .innerJoin(organizers, eq(organizers.id, organizerInvitations.organizerId))
    .leftJoin(users, eq(users.id, organizerInvitations.invitedById))
    .where(eq(organizerInvitations.tokenHash, hashOf(token)));
  return row;
}

type InvitationRow = NonNullable<Awaited<ReturnType<typeof invitationByToken>>>;

/** Why this account cannot accept the invitation now, in German; null when it can. */
function refusalOf(
  deps: DomainDeps,
  row: InvitationRow | undefined,
  invitee: Invitee,
): string | null {
  if (!row) return invitationRefusals.unknown;
  if (row.acceptedAt !== null) return invitationRefusals.used;
  if (row.expiresAt <= deps.now()) return invitationRefusals.expired;
  if (row.email.toLowerCase() !== invitee.email.toLowerCase()) {
    return invitationRefusals.otherAccount(row.email);
  }
  return null;
}

const viewOf = (row: InvitationRow): InvitationView => ({
  profile: { id: row.profileId, name: row.profileName, slug: row.profileSlug },
  role: row.role,
  roleLabel: teamRoleLabels[row.role],
  inviter: row.inviter,
  expiresAt: row.expiresAt,
});

/**
 * What the invitation page shows the signed-in account: the invitation, or the German reason
 * it cannot be accepted (unknown or withdrawn, used, expired, for another address).
 */
export async function invitationFor(
  deps: DomainDeps,
  invitee: Invitee,
  token: string,
): Promise<{ invitation: InvitationView } | { refusal: string }> {
  const row = await invitationByToken(deps, token);
  const refusal = refusalOf(deps, row, invitee);
  return refusal === null ? { invitation: viewOf(row!) } : { refusal };
}

/**
 * Accepts an invitation for the signed-in account: the link is used up and the account joins
 * the team with the invited role (someone already in the team keeps the higher of both roles)
 * in one transaction, so one link makes one member even when posted twice at once. Refusals
 * are ConflictErrors with the German reason and go to the audit log.
 */
export async function acceptInvitation(
  deps: DomainDeps,
  actor: Actor,
  token: string,
): Promise<InvitationView> {
  const [account] = await deps.db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.id, actor.id));
  if (!account) throw new NotFoundError();
  const row = await invitationByToken(deps, token);
  const refusal = refusalOf(deps, row, account);
  if (refusal !== null || !row) {
    await recordAudit(deps, {
      actorUserId: actor.id,
      action: "organizer.invitation.denied",
      entityType: "organizer",
      entityId: row?.profileId ?? null,
      ip: actor.ip ?? null,
    });
    throw new ConflictError(refusal ?? invitationRefusals.unknown);
  }
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const [used] = await tx
      .update(organizerInvitations)
      .set({ acceptedAt: now, acceptedById: actor.id })
      .where(and(eq(organizerInvitations.id, row.id), isNull(organizerInvitations.acceptedAt)))
      .returning({ id: organizerInvitations.id });
    if (!used) throw new ConflictError(invitationRefusals.used);
    const joining = tx
      .insert(organizerMembers)
      .values({ organizerId: row.profileId, userId: actor.id, role: row.role, createdAt: now });
    await (row.role === "owner"
      ? joining.onConflictDoUpdate({
          target: [organizerMembers.organizerId, organizerMembers.userId],
          set: { role: "owner" },
        })
      : joining.onConflictDoNothing());
  });
  await recordAudit(deps, {
    actorUserId: actor.id,
    action: "organizer.member.join",
    entityType: "organizer",
    entityId: row.profileId,
    details: { role: row.role, invitationId: row.id },
    ip: actor.ip ?? null,
  });
  return viewOf(row);
}
