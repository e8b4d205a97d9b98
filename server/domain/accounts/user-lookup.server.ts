import { eq, sql } from "drizzle-orm";
import type { Database } from "#server/db/client.server.ts";
import { users } from "#server/db/schema/users.ts";

export type UserRow = typeof users.$inferSelect;

/** E-mail addresses are unique ignoring case. */
export async function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`);
  return user;
}

export async function findUserById(db: Database, id: number): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user;
}
