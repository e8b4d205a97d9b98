import { eq } from "drizzle-orm";
import {
  passwordChangeSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
} from "#common/schemas/account.ts";
import { users } from "#server/db/schema/users.ts";
import { countAttempt, type ClientAddress } from "#server/domain/address-limits.server.ts";
import {
  consumeOneTimeToken,
  createOneTimeToken,
  voidOneTimeTokens,
} from "#server/domain/auth/one-time-tokens.server.ts";
import { hashPassword, verifyPassword } from "#server/domain/auth/password-hashing.server.ts";
import { assertPasswordStrongEnough } from "#server/domain/auth/password-policy.server.ts";
import { endEverySession } from "#server/domain/auth/session-tokens.server.ts";
import { PASSWORD_RESET_TTL_S } from "#server/domain/auth/token-lifetimes.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { siteIdentity } from "#server/domain/settings/site-settings.server.ts";
import { NotFoundError, ValidationError } from "#server/domain/errors.ts";
import { parseInput } from "#server/domain/parse-input.ts";
import { sendUnsolicitedMail } from "#server/domain/unsolicited-mail.server.ts";
import { checkPasswordAttempt } from "#server/domain/password-attempts.server.ts";
import { passwordChangedMail, passwordResetMail } from "./account-mails.server.ts";
import { findUserByEmail, findUserById } from "./user-lookup.server.ts";

export const wrongCurrentPasswordMessage = "Das aktuelle Passwort stimmt nicht.";

/**
 * The proof an account change needs (password, e-mail, deletion): the current password, its
 * failures counted per user with a back-off (429), a wrong one a field error on `field`.
 */
export async function requireCurrentPassword(
  deps: DomainDeps,
  user: { id: number; passwordHash: string },
  password: string,
  field: string,
): Promise<void> {
  const passed = await checkPasswordAttempt(deps, { currentPasswordOf: user.id }, () =>
    verifyPassword(user.passwordHash, password),
  );
  if (!passed) throw new ValidationError({ [field]: [wrongCurrentPasswordMessage] });
}

/**
 * Changes the password (the current one is required) and ends every session of the account,
 * the one that made the change included (decision 0150): the site signs that browser in afresh,
 * an API client logs in again with the new password.
 */
export async function changePassword(
  deps: DomainDeps,
  userId: number,
  input: unknown,
): Promise<void> {
  const { current_password, new_password } = parseInput(passwordChangeSchema, input);
  const user = await findUserById(deps.db, userId);
  if (!user) throw new NotFoundError();
  await requireCurrentPassword(deps, user, current_password, "current_password");
  await assertPasswordStrongEnough(new_password, "new_password", {
    email: user.email,
    ...(await siteIdentity(deps)),
  });
  await deps.db
    .update(users)
    .set({ passwordHash: await hashPassword(new_password), updatedAt: deps.now() })
    .where(eq(users.id, userId));
  await endEverySession(deps, userId);
  await deps.mail.send(await passwordChangedMail(deps, user.email));
}

export const passwordResetRequestedMessage =
  "Wenn es ein Konto mit dieser E-Mail-Adresse gibt, haben wir Dir einen Link geschickt. Er gilt eine Stunde.";

/**
 * Looks the address up and answers at once; the reset link (valid one hour, single use) is made
 * and mailed in the returned `delivery`, which the caller does not wait for — so known and
 * unknown addresses take the same time to answer, and the caller answers the same either way.
 * Counted per client address, together with resets (decision 0031).
 */
export async function requestPasswordReset(
  deps: DomainDeps,
  input: unknown,
  client: ClientAddress,
): Promise<{ delivery: Promise<void> }> {
  await countAttempt(deps, "passwordReset", client);
  const { email } = parseInput(passwordResetRequestSchema, input);
  const user = await findUserByEmail(deps.db, email);
  if (!user || user.disabledAt !== null) return { delivery: Promise.resolve() };
  return { delivery: mailResetLink(deps, user) };
}

async function mailResetLink(deps: DomainDeps, user: { id: number; email: string }) {
  const token = await createOneTimeToken(deps, {
    purpose: "password_reset",
    userId: user.id,
    ttlSeconds: PASSWORD_RESET_TTL_S,
  });
  await sendUnsolicitedMail(deps, await passwordResetMail(deps, user.email, token));
}

export const resetLinkInvalidMessage =
  "Dieser Link ist abgelaufen oder wurde schon benutzt. Fordere einfach einen neuen an.";

/**
 * Sets a new password from a reset link; ends every session and voids the other links. Counted
 * per client address, together with reset requests (decision 0031).
 */
export async function resetPassword(
  deps: DomainDeps,
  input: unknown,
  client: ClientAddress,
): Promise<void> {
  await countAttempt(deps, "passwordReset", client);
  const { token, new_password } = parseInput(passwordResetConfirmSchema, input);
  await assertPasswordStrongEnough(new_password, "new_password", {
    ...(await siteIdentity(deps)),
  });
  const consumed = await consumeOneTimeToken(deps, "password_reset", token);
  if (!consumed) throw new ValidationError({ token: [resetLinkInvalidMessage] });
  const user = await findUserById(deps.db, consumed.userId);
  if (!user) throw new ValidationError({ token: [resetLinkInvalidMessage] });
  await deps.db
    .update(users)
    .set({
      passwordHash: await hashPassword(new_password),
      // The link came by mail: the address is proven.
      verifiedAt: user.verifiedAt ?? deps.now(),
      updatedAt: deps.now(),
    })
    .where(eq(users.id, user.id));
  await voidOneTimeTokens(deps, user.id, "password_reset");
  await endEverySession(deps, user.id);
  await deps.mail.send(await passwordChangedMail(deps, user.email));
}
