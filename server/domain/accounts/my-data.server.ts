import { eq } from "drizzle-orm";
import { profileSchema, undoEmailChangeSchema } from "#common/schemas/account.ts";
import { users } from "#server/db/schema/users.ts";
import { recordAudit } from "#server/domain/audit/audit-log.server.ts";
import {
  consumeOneTimeToken,
  createOneTimeToken,
  voidOneTimeTokens,
} from "#server/domain/auth/one-time-tokens.server.ts";
import { endEverySession } from "#server/domain/auth/session-tokens.server.ts";
import {
  EMAIL_CHANGE_TTL_S,
  EMAIL_CHANGE_UNDO_TTL_S,
} from "#server/domain/auth/token-lifetimes.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { NotFoundError, ValidationError } from "#server/domain/errors.ts";
import { parseInput } from "#server/domain/parse-input.ts";
import { sendUnsolicitedMail } from "#server/domain/unsolicited-mail.server.ts";
import {
  addressAlreadyInUseMail,
  emailChangeMail,
  emailChangeNoticeMail,
} from "./account-mails.server.ts";
import { requireCurrentPassword } from "./passwords.server.ts";
import { listOwnOrganizers, type OwnOrganizer } from "./organizer-profile.server.ts";
import { findUserByEmail, findUserById } from "./user-lookup.server.ts";

export interface MyData {
  id: number;
  email: string;
  displayName: string;
  role: "user" | "admin";
  emailConfirmed: boolean;
  createdAt: Date;
  organizers: OwnOrganizer[];
}

/** The signed-in user's own data (GET /api/my-data/, /user/meine-daten). */
export async function getMyData(deps: DomainDeps, userId: number): Promise<MyData> {
  const user = await findUserById(deps.db, userId);
  if (!user) throw new NotFoundError();
  return {
    id: user.id,
    email: user.email,
    displayName: user.displayName,
    role: user.role,
    emailConfirmed: user.verifiedAt !== null,
    createdAt: user.createdAt,
    organizers: await listOwnOrganizers(deps.db, userId, ["owner"]),
  };
}

const passwordForEmailMessage =
  "Bitte gib Dein aktuelles Passwort ein, um die E-Mail-Adresse zu ändern.";

/**
 * Saves name and e-mail. A new address needs the current password and takes effect only once
 * confirmed through the link mailed to it; the old address is told at once, with a link that
 * undoes the change and locks the account. An address that belongs to someone else answers
 * the same and costs the same work (its owner gets a notice instead of the link), so the form
 * tells nobody which addresses have accounts.
 */
export async function updateMyProfile(
  deps: DomainDeps,
  userId: number,
  input: unknown,
): Promise<{ emailChangePending: boolean }> {
  const profile = parseInput(profileSchema, input);
  const user = await findUserById(deps.db, userId);
  if (!user) throw new NotFoundError();
  const emailChanges = profile.email.toLowerCase() !== user.email.toLowerCase();
  if (emailChanges) {
    if (profile.current_password === "") {
      throw new ValidationError({ current_password: [passwordForEmailMessage] });
    }
    await requireCurrentPassword(deps, user, profile.current_password, "current_password");
  }
  await deps.db
    .update(users)
    .set({ displayName: profile.display_name, updatedAt: deps.now() })
    .where(eq(users.id, userId));
  if (!emailChanges) return { emailChangePending: false };
  // The same work whether the address is free or taken (decision 0151): a link is made and one
  // capped mail goes to the address — the link to confirm it, or to its owner a notice.
  const holder = await findUserByEmail(deps.db, profile.email);
  const token = await createOneTimeToken(deps, {
    purpose: "email_change",
    userId,
    ttlSeconds: EMAIL_CHANGE_TTL_S,
    payload: { email: profile.email },
  });
  await sendUnsolicitedMail(
    deps,
    holder
      ? await addressAlreadyInUseMail(deps, profile.email)
      : await emailChangeMail(deps, profile.email, token),
  );
  const undoToken = await createOneTimeToken(deps, {
    purpose: "email_change_undo",
    userId,
    ttlSeconds: EMAIL_CHANGE_UNDO_TTL_S,
    payload: { email: user.email },
  });
  // Never capped: a flood of other mails must not hide this one from the owner.
  await deps.mail.send(await emailChangeNoticeMail(deps, user.email, profile.email, undoToken));
  return { emailChangePending: true };
}

export const emailChangeUndoneMessage =
  "Die Änderung ist rückgängig gemacht. Dein Konto ist gesperrt und alle Anmeldungen sind beendet. Bitte melde Dich bei uns, damit wir es wieder freigeben.";

export const undoLinkInvalidMessage =
  "Dieser Link ist abgelaufen oder wurde schon benutzt. Bitte melde Dich bei uns, wenn Du Hilfe brauchst.";

/**
 * The old address's answer to an e-mail change it did not ask for: the old address comes back,
 * pending changes and resets die, every session ends and the account is locked (an admin
 * unlocks it once the owner has spoken to the operator).
 */
export async function undoEmailChange(deps: DomainDeps, input: unknown): Promise<void> {
  const { token } = parseInput(undoEmailChangeSchema, input);
  const undo = await consumeOneTimeToken(deps, "email_change_undo", token);
  const oldEmail = undo?.payload.email;
  if (!undo || typeof oldEmail !== "string") {
    throw new ValidationError({ token: [undoLinkInvalidMessage] });
  }
  await deps.db
    .update(users)
    .set({ email: oldEmail, disabledAt: deps.now(), updatedAt: deps.now() })
    .where(eq(users.id, undo.userId));
  await voidOneTimeTokens(deps, undo.userId, "email_change");
  await voidOneTimeTokens(deps, undo.userId, "password_reset");
  await endEverySession(deps, undo.userId);
  await recordAudit(deps, {
    actorUserId: undo.userId,
    action: "account.email_change.undone",
    entityType: "user",
    entityId: undo.userId,
    ip: null,
  });
}
