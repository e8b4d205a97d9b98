import { organizerMembers } from "#server/db/schema/catalog.ts";
import { users } from "#server/db/schema/users.ts";
import { hashPassword } from "#server/domain/auth/password-hashing.server.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { createOrganizer } from "./catalog.ts";

let sequence = 0;

export const defaultPassword = "Tanzen bis der Morgen graut 2026";

/** A confirmed user (with an organiser profile unless told otherwise). */
export async function createUser(
  deps: DomainDeps,
  overrides: {
    email?: string;
    password?: string;
    role?: "user" | "admin";
    verified?: boolean;
    withOrganizer?: boolean;
  } = {},
) {
  const number = ++sequence;
  const [user] = await deps.db
    .insert(users)
    .values({
      email: overrides.email ?? `veranstalterin${number}@example.org`,
      passwordHash: await hashPassword(overrides.password ?? defaultPassword),
      displayName: `Veranstalterin ${number}`,
      role: overrides.role ?? "user",
      verifiedAt: overrides.verified === false ? null : deps.now(),
      termsAcceptedAt: deps.now(),
    })
    .returning();
  let organizerId: number | null = null;
  if (overrides.withOrganizer !== false) {
    const organizer = await createOrganizer(deps, { name: `Kollektiv von ${user!.displayName}` });
    await deps.db
      .insert(organizerMembers)
      .values({ organizerId: organizer.id, userId: user!.id, role: "owner" });
    organizerId = organizer.id;
  }
  return { ...user!, password: overrides.password ?? defaultPassword, organizerId };
}
