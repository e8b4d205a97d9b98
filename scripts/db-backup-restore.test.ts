import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "#tests/factories/users.ts";
import { createScriptTarget, runScript, type ScriptTarget } from "#tests/setup/script-runner.ts";
import { createTestConfig } from "#tests/setup/test-database.ts";
import { readTables } from "#server/backup/database-catalog.server.ts";
import { createDeps } from "#server/create-deps.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { recordAudit } from "#server/domain/audit/audit-log.server.ts";
import { queryRows } from "#server/db/query-rows.server.ts";
import { users } from "#server/db/schema/users.ts";
import { drawPendingDemoPictures } from "#server/seed/demo-pictures.server.ts";
import { seedDemoDataPicturesLater } from "#server/seed/seed-demo.server.ts";

const media = {
  "flyers/u1/abc-800.webp": Buffer.from("RIFF flyer bytes \u0000\u00ff"),
  "clubs/7/photo.jpg": Buffer.from([0xff, 0xd8, 0xff, 0x00, 0x01, 0x02]),
};

/** Every row of every table as PostgreSQL's JSON, sorted, and every media file. */
interface Snapshot {
  rows: Record<string, string[]>;
  media: Record<string, string>;
}

async function withTargetDeps<T>(target: ScriptTarget, work: (deps: DomainDeps) => Promise<T>) {
  const { deps, database, close } = await createDeps(createTestConfig(target.env));
  try {
    await database.migrate();
    return await work(deps);
  } finally {
    await close();
  }
}

async function snapshot(deps: DomainDeps): Promise<Snapshot> {
  const rows: Record<string, string[]> = {};
  for (const table of await readTables(deps.db)) {
    const json = await queryRows<{ row: string }>(
      deps.db,
      sql`select row_to_json(t)::text as row from ${sql.identifier(table.name)} t`,
    );
    rows[table.name] = json.map(({ row }) => row).sort();
  }
  const files: Record<string, string> = {};
  for await (const key of deps.storage.list()) {
    files[key] = (await deps.storage.get(key))!.body.toString("base64");
  }
  return { rows, media: files };
}

const backup = (target: ScriptTarget, file: string) =>
  runScript("db-backup.ts", [file], { env: target.env });
const restore = (target: ScriptTarget, args: string[]) =>
  runScript("db-restore.ts", args, { env: target.env });

let source: ScriptTarget;
let fresh: ScriptTarget | undefined;
let workDir: string;
let original: Snapshot;

beforeAll(async () => {
  workDir = mkdtempSync(path.join(os.tmpdir(), "clubkalender-backups-"));
  source = await createScriptTarget();
  original = await withTargetDeps(source, async (deps) => {
    // The demo data with one batch of its pictures drawn: generated media, and pictures still
    // waiting in the database, both to be carried over.
    await seedDemoDataPicturesLater(deps);
    let batches = 0;
    await drawPendingDemoPictures(deps, () => batches++ > 0);
    const admin = await createUser(deps, { role: "admin", email: "chefin@example.org" });
    await recordAudit(deps, {
      actorUserId: admin.id,
      action: "settings.update",
      entityType: "site_settings",
      details: { fields: ["site_name"], nested: { ok: true } },
      ip: "203.0.113.7",
    });
    for (const [key, body] of Object.entries(media)) await deps.storage.put(key, body, "x");
    return snapshot(deps);
  });
}, 240_000);

afterAll(async () => {
  await source.dispose();
  await fresh?.dispose();
  rmSync(workDir, { recursive: true, force: true });
});

// Each step starts node with tsx and opens a database: seconds per step.
describe("npm run db:backup and db:restore", { timeout: 240_000 }, () => {
  const file = () => path.join(workDir, "sicherung.tar.gz");

  it("backs up, refuses to restore over data, and restores into a wiped target exactly", async () => {
    expect(Object.values(original.rows).flat().length).toBeGreaterThan(100);
    const written = await backup(source, file());
    expect(written.stderr).toBe("");
    expect(written.code).toBe(0);
    expect(written.stdout).toContain("Sicherung geschrieben:");
    // The two files above plus the demo seed's generated flyers and club pictures.
    const mediaFiles = Object.keys(original.media).length;
    expect(mediaFiles).toBeGreaterThan(2);
    expect(written.stdout).toContain(`${mediaFiles} Mediendateien`);

    const again = await backup(source, file());
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("gibt es schon; nichts überschrieben.");

    const refused = await restore(source, [file()]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("Das Ziel ist nicht leer (");
    expect(refused.stderr).toContain("Mit --force");

    fresh = await createScriptTarget();
    const restored = await restore(fresh, [file()]);
    expect(restored.stderr).toBe("");
    expect(restored.code).toBe(0);
    expect(restored.stdout).toContain("Wiederhergestellt:");

    await withTargetDeps(fresh, async (deps) => {
      expect(await snapshot(deps)).toEqual(original);
      // New rows continue after the restored ids.
      const [user] = await deps.db
        .insert(users)
        .values({ email: "neu@example.org", passwordHash: "x", displayName: "Neu" })
        .returning({ id: users.id });
      const highest = Math.max(...original.rows.users!.map((row) => JSON.parse(row).id));
      expect(user!.id).toBe(highest + 1);
    });
  });

  it("with --force replaces changed data and media by the backup's", async () => {
    await withTargetDeps(source, async (deps) => {
      await deps.db.update(users).set({ displayName: "Geändert" });
      await deps.storage.put("flyers/u1/extra-400.webp", Buffer.from("extra"), "image/webp");
      await deps.storage.delete("clubs/7/photo.jpg");
    });
    const forced = await restore(source, [file(), "--force"]);
    expect(forced.stderr).toBe("");
    expect(forced.code).toBe(0);
    await withTargetDeps(source, async (deps) => {
      expect(await snapshot(deps)).toEqual(original);
    });
  });

  it("refuses what is no backup, leaving the target untouched", async () => {
    const bogus = path.join(workDir, "kein-backup.tar.gz");
    const { writeFile } = await import("node:fs/promises");
    await writeFile(bogus, "das ist kein Archiv");
    const empty = await createScriptTarget();
    try {
      const refused = await restore(empty, [bogus]);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain("lässt sich nicht lesen");
      const missing = await restore(empty, [path.join(workDir, "fehlt.tar.gz")]);
      expect(missing.code).toBe(1);
      expect(missing.stderr).toContain("gibt es nicht");
      expect(existsSync(path.join(empty.dataDir, "media"))).toBe(false);
    } finally {
      await empty.dispose();
    }
  });
});
