import { mkdirSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createScriptTarget, runScript, type ScriptTarget } from "#tests/setup/script-runner.ts";
import { createTestConfig } from "#tests/setup/test-database.ts";
import { createDeps } from "#server/create-deps.ts";
import { auditLog } from "#server/db/schema/audit.ts";
import { users } from "#server/db/schema/users.ts";
import { verifyPassword } from "#server/domain/auth/password-hashing.server.ts";

let target: ScriptTarget;

beforeEach(async () => {
  target = await createScriptTarget();
});

afterEach(async () => {
  await target.dispose();
});

const password = "Nachts sind alle Katzen grau 77";

const adminCreate = (args: string[], input?: string) =>
  runScript("admin-create.ts", args, { env: target.env, input });

async function readAccounts() {
  const handle = await target.open();
  try {
    return {
      users: await handle.db.select().from(users).orderBy(users.id),
      audit: await handle.db.select().from(auditLog).orderBy(auditLog.id),
    };
  } finally {
    await handle.close();
  }
}

// Each run starts node with tsx and opens (and migrates) a database: seconds, not milliseconds.
describe("npm run admin:create", { timeout: 180_000 }, () => {
  it("creates a confirmed admin account with the password read from stdin", async () => {
    const run = await adminCreate(["Chefin@Example.org"], `${password}\n`);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("Admin-Konto für Chefin@Example.org angelegt.");
    expect(run.stdout).not.toContain(password);

    const { users: accounts, audit } = await readAccounts();
    expect(accounts).toHaveLength(1);
    expect(accounts[0]).toMatchObject({ email: "Chefin@Example.org", role: "admin" });
    expect(accounts[0]!.verifiedAt).not.toBeNull();
    expect(await verifyPassword(accounts[0]!.passwordHash, password)).toBe(true);
    expect(audit.map((entry) => entry.action)).toEqual(["account.admin.created"]);
  });

  it("promotes an existing account without touching its password, and says so", async () => {
    await adminCreate(["chefin@example.org"], `${password}\n`);
    const handle = await target.open();
    await handle.db
      .update(users)
      .set({ role: "user" })
      .where(eq(users.email, "chefin@example.org"));
    await handle.close();

    const promoted = await adminCreate(["CHEFIN@example.org"], "ein anderes Passwort\n");
    expect(promoted.code).toBe(0);
    expect(promoted.stdout).toContain("Das Konto CHEFIN@example.org ist jetzt Admin");
    const again = await adminCreate(["chefin@example.org"]);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain("ist schon Admin. Nichts geändert.");

    const { users: accounts, audit } = await readAccounts();
    expect(accounts).toHaveLength(1);
    expect(accounts[0]!.role).toBe("admin");
    expect(await verifyPassword(accounts[0]!.passwordHash, password)).toBe(true);
    expect(audit.map((entry) => entry.action)).toEqual([
      "account.admin.created",
      "account.admin.promoted",
    ]);
  });

  it("refuses a common or short password in German, creating nothing", async () => {
    const common = await adminCreate(["chefin@example.org"], "password\n");
    expect(common.code).toBe(1);
    expect(common.stderr).toContain("Passwort: Dieses Passwort gehört zu den 10.000 häufigsten");

    const short = await adminCreate(["chefin@example.org"], "kurz\n");
    expect(short.code).toBe(1);
    expect(short.stderr).toContain("Passwort: ");

    expect((await readAccounts()).users).toEqual([]);
  });

  it("refuses a bad address or a missing one in German", async () => {
    const badAddress = await adminCreate(["keine-adresse"], `${password}\n`);
    expect(badAddress.code).toBe(1);
    expect(badAddress.stderr).toContain("E-Mail-Adresse: Ungültige E-Mail Adresse!");

    const missing = await adminCreate([]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("Aufruf: npm run admin:create -- E-MAIL-ADRESSE");
  });

  it("creates the admin while the site runs on the embedded database", async () => {
    // The running site: its embedded PostgreSQL in DATA_DIR holds the data folder's lock.
    const dataDir = path.join(target.dataDir, "site");
    mkdirSync(dataDir);
    const running = await createDeps(createTestConfig({ DATA_DIR: dataDir }));
    try {
      await running.database.migrate();
      const run = await runScript("admin-create.ts", ["chefin@example.org"], {
        env: { DATA_DIR: dataDir },
        input: `${password}\n`,
      });
      expect(run.stderr).toBe("");
      expect(run.code).toBe(0);
      const [account] = await running.deps.db
        .select()
        .from(users)
        .where(eq(users.email, "chefin@example.org"));
      expect(account?.role).toBe("admin");
    } finally {
      await running.close();
    }
  });
});
