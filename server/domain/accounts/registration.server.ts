import { eq } from "drizzle-orm";
import type { z } from "zod";
import { registerSchema } from "#common/schemas/account.ts";
import { users } from "#server/db/schema/users.ts";
import { isUniqueViolation } from "#server/db/unique-violation.ts";
import { countAttempt, type ClientAddress } from "#server/domain/address-limits.server.ts";
import { recordAudit } from "#server/domain/audit/audit-log.server.ts";
import { hashPassword } from "#server/domain/auth/password-hashing.server.ts";
import { endEverySession } from "#server/domain/auth/session-tokens.server.ts";
import { assertPasswordStrongEnough } from "#server/domain/auth/password-policy.server.ts";
import {
  consumeOneTimeToken,
  createOneTimeToken,
} from "#server/domain/auth/one-time-tokens.server.ts";
import { EMAIL_CONFIRMATION_TTL_S } from "#server/domain/auth/token-lifetimes.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { siteIdentity } from "#server/domain/settings/site-settings.server.ts";
import { ValidationError } from "#server/domain/errors.ts";
import { parseInput } from "#server/domain/parse-input.ts";
import { sendUnsolicitedMail } from "#server/domain/unsolicited-mail.server.ts";
import { accountExistsMail, emailConfirmationMail } from "./account-mails.server.ts";
import { createOrganizerForUser } from "./organizer-profile.server.ts";
import { findUserByEmail } from "./user-lookup.server.ts";

/** What every registration answers, whether an account was made, existed or a bot was dropped. */
export const registrationReceivedMessage =
  "Fast geschafft! Bitte bestätige noch die E-Mail, die wir Dir zugesendet haben.";

/**
 * Registers an organiser. The answer is the same for a new address, a known address (its owner
 * gets a hint by mail instead) and a bot that filled in the honeypot (dropped silently), so the
 * form tells nobody which addresses have accounts. Counted per client address (decision 0031).
 */
export async function registerUser(
  deps: DomainDeps,
  input: unknown,
  client: ClientAddress,
): Promise<void> {
  await countAttempt(deps, "register", client);
  const registration = parseInput(registerSchema, input);
  if (registration.contact_email !== "") {
    await recordAudit(deps, {
      actorUserId: null,
      action: "account.register.honeypot",
      entityType: "user",
      ip: client.ip,
    });
    return;
  }
  await assertPasswordStrongEnough(registration.password, "password", {
    email: registration.email,
    ...(await siteIdentity(deps)),
  });

  // Hashed before the lookup, so a known address costs the same time as a new one.
  const passwordHash = await hashPassword(registration.password);
  const existing = await findUserByEmail(deps.db, registration.email);
  if (existing) {
    await sendUnsolicitedMail(deps, await accountExistsMail(deps, existing.email));
    return;
  }
  const now = deps.now();
  let userId: number;
  try {
    userId = await insertAccount(deps, registration, passwordHash, now);
  } catch (error) {
    // Another registration of the same address won the race: the same answer, no second mail.
    if (isUniqueViolation(error, "users_email_lower_unique")) return;
    throw error;
  }
  await sendEmailConfirmation(deps, userId, registration.email);
}

async function insertAccount(
  deps: DomainDeps,
  registration: z.output<typeof registerSchema>,
  passwordHash: string,
  now: Date,
): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        email: registration.email,
        passwordHash,
        displayName: registration.display_name,
        termsAcceptedAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: users.id });
    if (registration.organizer_name !== "") {
      await createOrganizerForUser(
        tx,
        user!.id,
        {
          name: registration.organizer_name,
          description: "",
          website: "",
          instagram: "",
          tiktok: "",
          facebook: "",
        },
        now,
      );
    }
    return user!.id;
  });
}

export async function sendEmailConfirmation(
  deps: DomainDeps,
  userId: number,
  email: string,
): Promise<void> {
  const token = await createOneTimeToken(deps, {
    purpose: "email_confirmation",
    userId,
    ttlSeconds: EMAIL_CONFIRMATION_TTL_S,
  });
  await sendUnsolicitedMail(deps, await emailConfirmationMail(deps, email, token));
}

export const confirmationFailedMessage =
  "Dieser Bestätigungslink ist abgelaufen oder wurde schon benutzt.";

/**
 * Confirms an address from a mailed link: a new account's address, or the new address of an
 * e-mail change. Returns which of the two it was.
 */
export async function confirmEmail(
  deps: DomainDeps,
  token: string,
): Promise<"registration" | "email_change"> {
  const registration = await consumeOneTimeToken(deps, "email_confirmation", token);
  if (registration) {
    await deps.db
      .update(users)
      .set({ verifiedAt: deps.now(), updatedAt: deps.now() })
      .where(eq(users.id, registration.userId));
    return "registration";
  }
  const change = await consumeOneTimeToken(deps, "email_change", token);
  const newEmail = change?.payload.email;
  if (!change || typeof newEmail !== "string") {
    throw new ValidationError({ token: [confirmationFailedMessage] });
  }
  const holder = await findUserByEmail(deps.db, newEmail);
  const takenMeanwhile = new ValidationError({
    token: ["Diese E-Mail-Adresse wird inzwischen schon verwendet."],
  });
  if (holder && holder.id !== change.userId) throw takenMeanwhile;
  try {
    await deps.db
      .update(users)
      .set({ email: newEmail, verifiedAt: deps.now(), updatedAt: deps.now() })
      .where(eq(users.id, change.userId));
  } catch (error) {
    if (isUniqueViolation(error, "users_email_lower_unique")) throw takenMeanwhile;
    throw error;
  }
  // Whoever holds a session from before the change is signed out.
  await endEverySession(deps, change.userId);
  return "email_change";
}
