import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import { adminSetupSchema } from "#common/schemas/account.ts";
import { oneTimeTokens } from "#server/db/schema/auth.ts";
import { users } from "#server/db/schema/users.ts";
import { verifyPassword } from "#server/domain/auth/password-hashing.server.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { NotFoundError, ValidationError } from "#server/domain/errors.ts";
import { parseInput } from "#server/domain/parse-input.ts";
import { createOrPromoteAdmin } from "./admin-accounts.server.ts";
import { findUserByEmail } from "./user-lookup.server.ts";

/**
 * The first admin of a fresh site (decision 0202): while no admin exists, every start opens a
 * setup link (`/einrichtung?token=…`), valid once and for an hour, and prints it on the console —
 * only who sees the server's console can use it. Following it creates the first admin in the
 * browser. A newer link voids the older ones; once an admin exists, none is made.
 */

const SETUP_LINK_TTL_MS = 3_600_000;

export const setupLinkInvalidMessage =
  "Dieser Einrichtungslink gilt nicht (mehr): Er ist abgelaufen, schon benutzt, oder es gibt " +
  "schon ein Admin-Konto. Solange es keins gibt, schreibt der Server bei jedem Start einen " +
  "neuen Link in seine Konsole.";

const passwordOfOtherAccount =
  "Zu dieser E-Mail-Adresse gibt es ein Konto mit einem anderen Passwort.";

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

export async function hasAdmin(deps: DomainDeps): Promise<boolean> {
  const [admin] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, "admin"))
    .limit(1);
  return admin !== undefined;
}

/** A new setup link's token when the site has no admin yet (older links are voided), else null. */
export async function openAdminSetup(deps: DomainDeps): Promise<string | null> {
  if (await hasAdmin(deps)) return null;
  const token = randomBytes(32).toString("base64url");
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    await tx
      .update(oneTimeTokens)
      .set({ usedAt: now })
      .where(and(eq(oneTimeTokens.purpose, "admin_setup"), isNull(oneTimeTokens.usedAt)));
    await tx.insert(oneTimeTokens).values({
      purpose: "admin_setup",
      tokenHash: hashOf(token),
      expiresAt: new Date(now.getTime() + SETUP_LINK_TTL_MS),
      createdAt: now,
    });
  });
  return token;
}

const usableSetupToken = (deps: DomainDeps, token: string) =>
  and(
    eq(oneTimeTokens.tokenHash, hashOf(token)),
    eq(oneTimeTokens.purpose, "admin_setup"),
    isNull(oneTimeTokens.usedAt),
    gt(oneTimeTokens.expiresAt, deps.now()),
  );

/** Whether the setup form may be shown for this token. */
export async function isSetupLinkUsable(deps: DomainDeps, token: string): Promise<boolean> {
  if (await hasAdmin(deps)) return false;
  const [row] = await deps.db
    .select({ id: oneTimeTokens.id })
    .from(oneTimeTokens)
    .where(usableSetupToken(deps, token));
  return row !== undefined;
}

/**
 * Uses up the link and makes the first admin: a new, confirmed account, or — with its own
 * password — an existing one. One transaction: two posts of one link make one admin, and a
 * refused password keeps the link. A used, expired or unknown link, or one followed after an
 * admin appeared, is refused (NotFoundError with `setupLinkInvalidMessage`).
 */
export async function completeAdminSetup(
  deps: DomainDeps,
  input: Record<string, unknown>,
): Promise<number> {
  const { token, email, password } = parseInput(adminSetupSchema, input);
  return deps.db.transaction(async (tx) => {
    const inTransaction = { ...deps, db: tx };
    const [link] = await tx
      .update(oneTimeTokens)
      .set({ usedAt: deps.now() })
      .where(usableSetupToken(deps, token))
      .returning({ id: oneTimeTokens.id });
    if (!link || (await hasAdmin(inTransaction))) throw new NotFoundError(setupLinkInvalidMessage);
    const existing = await findUserByEmail(tx, email);
    if (existing && !(await verifyPassword(existing.passwordHash, password))) {
      throw new ValidationError({ password: [passwordOfOtherAccount] });
    }
    await createOrPromoteAdmin(inTransaction, { email, password }, "setup link");
    return (await findUserByEmail(tx, email))!.id;
  });
}
