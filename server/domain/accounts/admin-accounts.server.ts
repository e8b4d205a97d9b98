import { eq } from "drizzle-orm";
import { adminEmailSchema, newAdminSchema } from "#common/schemas/account.ts";
import { messages } from "#common/messages.ts";
import { users } from "#server/db/schema/users.ts";
import { recordAudit } from "#server/domain/audit/audit-log.server.ts";
import { hashPassword } from "#server/domain/auth/password-hashing.server.ts";
import { assertPasswordStrongEnough } from "#server/domain/auth/password-policy.server.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { siteIdentity } from "#server/domain/settings/site-settings.server.ts";
import { ValidationError } from "#server/domain/errors.ts";
import { parseInput } from "#server/domain/parse-input.ts";
import { findUserByEmail } from "./user-lookup.server.ts";

export type AdminAccountState = "none" | "user" | "admin";

/** Whether the address has no account, an ordinary one or an admin's (the address is checked). */
export async function adminAccountState(
  deps: DomainDeps,
  input: { email: string },
): Promise<AdminAccountState> {
  const { email } = parseInput(adminEmailSchema, input);
  const user = await findUserByEmail(deps.db, email);
  if (!user) return "none";
  return user.role === "admin" ? "admin" : "user";
}

export type AdminGrant = "created" | "promoted" | "already_admin";

/**
 * The operator's way in (`npm run admin:create`): makes an existing account an admin (its
 * password stays), or creates a confirmed admin account with the password given, by the same
 * password rules as every other account. Recorded in the audit log.
 */
export async function createOrPromoteAdmin(
  deps: DomainDeps,
  input: { email: string; password?: string },
  via: "admin:create" | "setup link" = "admin:create",
): Promise<AdminGrant> {
  const { email } = parseInput(adminEmailSchema, input);
  const existing = await findUserByEmail(deps.db, email);
  const now = deps.now();
  if (existing) {
    if (existing.role === "admin") return "already_admin";
    await deps.db
      .update(users)
      .set({ role: "admin", updatedAt: now })
      .where(eq(users.id, existing.id));
    await recordAudit(deps, {
      actorUserId: null,
      action: "account.admin.promoted",
      entityType: "user",
      entityId: existing.id,
      details: { via },
    });
    return "promoted";
  }
  if (input.password === undefined) throw new ValidationError({ password: [messages.required] });
  const account = parseInput(newAdminSchema, input);
  await assertPasswordStrongEnough(account.password, "password", {
    email: account.email,
    ...(await siteIdentity(deps)),
  });
  const [user] = await deps.db
    .insert(users)
    .values({
      email: account.email,
      passwordHash: await hashPassword(account.password),
      role: "admin",
      displayName: account.email.slice(0, account.email.indexOf("@")).slice(0, 60),
      verifiedAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: users.id });
  await recordAudit(deps, {
    actorUserId: null,
    action: "account.admin.created",
    entityType: "user",
    entityId: user!.id,
    details: { via },
  });
  return "created";
}
