import { loadConfig } from "#server/config.ts";
import { createDeps } from "#server/create-deps.ts";
import { users } from "#server/db/schema/users.ts";
import { hashPassword } from "#server/domain/auth/password-hashing.server.ts";
import { startAppServer, type AppServer } from "./app-server.ts";
import { demoDatabaseFor } from "./demo-worlds.ts";

/**
 * The built site on `dataDir` with the demo data and an admin account, put into the database
 * before the server starts (as a seed would).
 */
export async function startDemoWithAdmin(
  dataDir: string,
  admin: { email: string; password: string; name: string },
): Promise<AppServer> {
  const databaseUrl = await demoDatabaseFor(dataDir, undefined);
  const { deps, close } = await createDeps(
    loadConfig({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl, NODE_ENV: "production" }),
  );
  try {
    await deps.db.insert(users).values({
      email: admin.email,
      passwordHash: await hashPassword(admin.password),
      displayName: admin.name,
      role: "admin",
      verifiedAt: new Date(),
      termsAcceptedAt: new Date(),
    });
  } finally {
    await close();
  }
  return startAppServer({ dataDir });
}
