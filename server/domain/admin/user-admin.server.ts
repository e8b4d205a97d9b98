import { and, asc, count, eq, ilike, isNull, ne, or } from "drizzle-orm";
import { userRoleSchema } from "#common/schemas/admin.ts";
import { users } from "#server/db/schema/users.ts";
import { recordAudit } from "#server/domain/audit/audit-log.server.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { ConflictError, NotFoundError } from "#server/domain/errors.ts";
import type { Actor } from "#server/domain/kernel/actor.ts";
import { offsetOf, type Page, type PageRequest } from "#server/domain/paging.ts";
import { parseInput } from "#server/domain/parse-input.ts";

export interface UserListEntry {
  id: number;
  email: string;
  displayName: string;
  role: "user" | "admin";
  createdAt: Date;
  disabledAt: Date | null;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** Accounts, newest first; `search` matches e-mail or display name. */
export async function listUsers(
  deps: DomainDeps,
  search: string,
  paging: PageRequest,
): Promise<Page<UserListEntry>> {
  const pattern = `%${escapeLike(search.trim())}%`;
  const where =
    search.trim() === ""
      ? undefined
      : or(ilike(users.email, pattern), ilike(users.displayName, pattern));
  const [items, [total]] = await Promise.all([
    deps.db
      .select({
        id: users.id,
        email: users.email,
        displayName: users.displayName,
        role: users.role,
        createdAt: users.createdAt,
        disabledAt: users.disabledAt,
      })
      .from(users)
      .where(where)
      .orderBy(asc(users.email))
      .limit(paging.pageSize)
      .offset(offsetOf(paging)),
    deps.db.select({ n: count() }).from(users).where(where),
  ]);
  return { ...paging, count: total!.n, items };
}

const lastAdminMessage =
  "Das ist der letzte aktive Admin. Ernenne zuerst jemand anderen zum Admin.";

/** Refuses a change that would leave the site without an active admin. */
async function refuseLosingLastAdmin(deps: DomainDeps, userId: number): Promise<void> {
  const [target] = await deps.db
    .select({ role: users.role, disabledAt: users.disabledAt })
    .from(users)
    .where(eq(users.id, userId));
  if (!target) throw new NotFoundError("Dieses Konto gibt es nicht.");
  if (target.role !== "admin" || target.disabledAt !== null) return;
  const [others] = await deps.db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.role, "admin"), isNull(users.disabledAt), ne(users.id, userId)));
  if (others!.n === 0) throw new ConflictError(lastAdminMessage);
}

/** Disables an account (it can no longer sign in) or enables it again. */
export async function setUserDisabled(
  deps: DomainDeps,
  actor: Actor,
  userId: number,
  disabled: boolean,
): Promise<void> {
  if (disabled) await refuseLosingLastAdmin(deps, userId);
  const [changed] = await deps.db
    .update(users)
    .set({ disabledAt: disabled ? deps.now() : null, updatedAt: deps.now() })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  if (!changed) throw new NotFoundError("Dieses Konto gibt es nicht.");
  await recordAudit(deps, {
    actorUserId: actor.id,
    action: disabled ? "user.disable" : "user.enable",
    entityType: "user",
    entityId: userId,
    ip: actor.ip ?? null,
  });
}

/** Makes an account an admin or takes the role away (never from the last active admin). */
export async function setUserRole(
  deps: DomainDeps,
  actor: Actor,
  userId: number,
  input: unknown,
): Promise<void> {
  const { role } = parseInput(userRoleSchema, input);
  if (role !== "admin") await refuseLosingLastAdmin(deps, userId);
  const [changed] = await deps.db
    .update(users)
    .set({ role, updatedAt: deps.now() })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  if (!changed) throw new NotFoundError("Dieses Konto gibt es nicht.");
  await recordAudit(deps, {
    actorUserId: actor.id,
    action: "user.role",
    entityType: "user",
    entityId: userId,
    details: { role },
    ip: actor.ip ?? null,
  });
}
