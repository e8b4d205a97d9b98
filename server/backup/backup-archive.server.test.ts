import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import * as tar from "tar";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "#tests/factories/users.ts";
import { startS3Server, type S3TestServer } from "#tests/setup/s3-server.ts";
import { createTestContext, type TestContext } from "#tests/setup/test-database.ts";
import { openThrowawayDatabase } from "#server/db/throwaway-database.server.ts";
import { users } from "#server/db/schema/users.ts";
import { createLocalMediaStorage } from "#server/storage/local-media-storage.server.ts";
import { createBackup, restoreBackup } from "./backup-archive.server.ts";
import { BackupError } from "./backup-error.ts";
import { listMedia } from "./media-copy.server.ts";

let s3: S3TestServer;
let workDir: string;
const contexts: TestContext[] = [];

async function context(config: Record<string, string> = {}) {
  const created = await createTestContext({ config });
  contexts.push(created);
  return created;
}

const source = (ctx: TestContext) => ({ database: ctx.handle, storage: ctx.deps.storage });

beforeAll(async () => {
  s3 = await startS3Server();
  workDir = mkdtempSync(path.join(os.tmpdir(), "clubkalender-backup-test-"));
});

afterAll(async () => {
  for (const ctx of contexts) await ctx.close();
  await s3.stop();
  rmSync(workDir, { recursive: true, force: true });
});

// Each test opens several databases (restore also a freshly migrated baseline): 10–20 s each on
// a loaded two-core machine, too near the 30 s default.
describe("backups with media in S3", { timeout: 90_000 }, () => {
  it("takes the bucket's files along and puts them back into a wiped bucket", async () => {
    const original = await context(s3.env);
    await createUser(original.deps, { email: "dj@example.org" });
    await original.deps.storage.put("flyers/u1/a-800.webp", Buffer.from("flyer"), "image/webp");
    await original.deps.storage.put("ads/3/banner.png", Buffer.from("banner"), "image/png");
    const file = path.join(workDir, "s3.tar.gz");
    const manifest = await createBackup(source(original), file, original.deps.now());
    expect(manifest.source.media).toBe("s3");
    expect(manifest.media_files).toBe(2);

    for (const key of await listMedia(original.deps.storage)) {
      await original.deps.storage.delete(key);
    }
    const target = await context(s3.env);
    await restoreBackup(source(target), file, { force: false });

    expect(await listMedia(target.deps.storage)).toEqual([
      "ads/3/banner.png",
      "flyers/u1/a-800.webp",
    ]);
    expect((await target.deps.storage.get("ads/3/banner.png"))!.body.toString()).toBe("banner");
    const restoredUsers = await target.deps.db.select().from(users);
    expect(restoredUsers.map((user) => user.email)).toEqual(["dj@example.org"]);
  });
});

describe("refusals", { timeout: 90_000 }, () => {
  it("refuses a backup of another schema, leaving the target as it was", async () => {
    const original = await context();
    await createUser(original.deps, { email: "dj@example.org" });
    const file = path.join(workDir, "old.tar.gz");
    await createBackup(source(original), file, original.deps.now());

    // The same archive, claiming one migration fewer.
    const unpacked = path.join(workDir, "unpacked");
    await mkdir(unpacked);
    await tar.extract({ file, cwd: unpacked });
    const manifestFile = path.join(unpacked, "clubkalender-backup.json");
    const manifest = JSON.parse(await readFile(manifestFile, "utf8"));
    manifest.migrations.pop();
    await writeFile(manifestFile, JSON.stringify(manifest));
    const older = path.join(workDir, "older.tar.gz");
    await tar.create({ file: older, cwd: unpacked, gzip: true }, [
      "clubkalender-backup.json",
      "database",
    ]);

    const target = await context();
    const error = await restoreBackup(source(target), older, { force: true }).catch((e) => e);
    expect(error).toBeInstanceOf(BackupError);
    expect(error.message).toContain("gehört zu einem anderen Programmstand");
    expect(await target.deps.db.select().from(users)).toEqual([]);
  });

  it("refuses to back up a database that was never set up", async () => {
    const blank = await openThrowawayDatabase();
    try {
      const storage = createLocalMediaStorage(path.join(workDir, "blank-media"));
      const file = path.join(workDir, "blank.tar.gz");
      const error = await createBackup({ database: blank, storage }, file, new Date()).catch(
        (e) => e,
      );
      expect(error).toBeInstanceOf(BackupError);
      expect(error.message).toContain("noch nie eingerichtet");
      expect(existsSync(file)).toBe(false);
    } finally {
      await blank.close();
    }
  });

  it("names what a non-empty target holds", async () => {
    const original = await context();
    const file = path.join(workDir, "empty.tar.gz");
    await createBackup(source(original), file, original.deps.now());
    const target = await context();
    await createUser(target.deps, { withOrganizer: false });
    await target.deps.storage.put("flyers/u9/x-400.webp", Buffer.from("x"), "image/webp");
    const error = await restoreBackup(source(target), file, { force: false }).catch((e) => e);
    expect(error).toBeInstanceOf(BackupError);
    expect(error.message).toBe(
      "Das Ziel ist nicht leer (users: 1 Zeilen, 1 Mediendateien). Mit --force wird sein " +
        "Inhalt durch die Sicherung ersetzt.",
    );
  });
});
