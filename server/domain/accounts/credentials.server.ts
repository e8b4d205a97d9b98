import { loginSchema } from "#common/schemas/account.ts";
import { countAttempt, type ClientAddress } from "#server/domain/address-limits.server.ts";
import {
  verifyAgainstNothing,
  verifyPassword,
} from "#server/domain/auth/password-hashing.server.ts";
import type { SessionUser } from "#server/domain/auth/session-tokens.server.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { AuthenticationError } from "#server/domain/errors.ts";
import { parseInput } from "#server/domain/parse-input.ts";
import { checkPasswordAttempt } from "#server/domain/password-attempts.server.ts";
import { sendEmailConfirmation } from "./registration.server.ts";
import { findUserByEmail } from "./user-lookup.server.ts";

const wrongCredentialsMessage = "E-Mail-Adresse oder Passwort ist falsch.";
const unconfirmedEmailMessage =
  "Bitte bestätige zuerst Deine E-Mail-Adresse. Wir haben Dir den Link noch einmal geschickt.";

/**
 * Checks e-mail and password; one message for every failure but an unconfirmed address. Counted
 * per client address and per typed address (decisions 0031, 0091).
 */
export async function checkCredentials(
  deps: DomainDeps,
  input: unknown,
  client: ClientAddress,
): Promise<SessionUser> {
  await countAttempt(deps, "login", client);
  const { email, password } = parseInput(loginSchema, input);
  const user = await findUserByEmail(deps.db, email);
  // Counted per address whether it has an account or not, so the wait tells nothing either.
  const passed = await checkPasswordAttempt(deps, { login: email }, async () =>
    user
      ? verifyPassword(user.passwordHash, password)
      : verifyAgainstNothing(password).then(() => false),
  );
  if (!user || !passed || user.disabledAt !== null) {
    throw new AuthenticationError(wrongCredentialsMessage);
  }
  if (user.verifiedAt === null) {
    await sendEmailConfirmation(deps, user.id, user.email);
    throw new AuthenticationError(unconfirmedEmailMessage);
  }
  return { id: user.id, email: user.email, displayName: user.displayName, role: user.role };
}
