import { eq } from "drizzle-orm";
import { profileSchema } from "#common/schemas/account.ts";
import { users } from "#server/db/schema/users.ts";
import { createOneTimeToken } from "#server/domain/auth/one-time-tokens.server.ts";
import { EMAIL_CHANGE_TTL_S } from "#server/domain/auth/token-lifetimes.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { NotFoundError, ValidationError } from "#server/domain/errors.ts";
import { parseInput } from "#server/domain/parse-input.ts";
import { emailChangeMail } from "./account-mails.server.ts";
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
    organizers: await listOwnOrganizers(deps.db, userId),
  };
}

const emailTakenMessage = "Diese E-Mail-Adresse wird schon verwendet.";

/**
 * Saves name and e-mail. A new address takes effect only once confirmed through the link
 * mailed to it; until then the old one stays. Returns whether a confirmation was sent.
 */
export async function updateMyProfile(
  deps: DomainDeps,
  userId: number,
  input: unknown,
): Promise<{ emailChangePending: boolean }> {
  const profile = parseInput(profileSchema, input);
  const user = await findUserById(deps.db, userId);
  if (!user) throw new NotFoundError();
  await deps.db
    .update(users)
    .set({ displayName: profile.display_name, updatedAt: deps.now() })
    .where(eq(users.id, userId));
  if (profile.email.toLowerCase() === user.email.toLowerCase()) {
    return { emailChangePending: false };
  }
  const holder = await findUserByEmail(deps.db, profile.email);
  if (holder) throw new ValidationError({ email: [emailTakenMessage] });
  const token = await createOneTimeToken(deps, {
    purpose: "email_change",
    userId,
    ttlSeconds: EMAIL_CHANGE_TTL_S,
    payload: { email: profile.email },
  });
  await deps.mail.send(emailChangeMail(deps, profile.email, token));
  return { emailChangePending: true };
}
