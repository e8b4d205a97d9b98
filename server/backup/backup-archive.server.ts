import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, rename, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import * as tar from "tar";
import { z } from "zod";
import type { DatabaseHandle } from "#server/db/client.server.ts";
import { openThrowawayDatabase } from "#server/db/throwaway-database.server.ts";
import type { MediaStorage } from "#server/storage/media-storage.ts";
import {
  countRows,
  readAppliedMigrations,
  readTables,
  type TableInfo,
} from "./database-catalog.server.ts";
import { BackupError } from "./backup-error.ts";
import { dumpDatabase, loadDatabase } from "./database-dump.server.ts";
import { dumpMedia, listMedia, loadMedia, mediaKeysIn } from "./media-copy.server.ts";

const MANIFEST = "clubkalender-backup.json";
const DATABASE_DIR = "database";
const MEDIA_DIR = "media";

const manifestSchema = z.object({
  format: z.literal("clubkalender-backup"),
  version: z.literal(1),
  created_at: z.iso.datetime(),
  // "pglite": written by a release before decision 0201 (its embedded database).
  source: z.object({ driver: z.enum(["pglite", "postgres"]), media: z.enum(["local", "s3"]) }),
  migrations: z.array(z.string()),
  tables: z.array(z.object({ name: z.string(), rows: z.number().int().min(0) })),
  media_files: z.number().int().min(0),
});

export type BackupManifest = z.infer<typeof manifestSchema>;

export interface BackupSource {
  database: DatabaseHandle;
  storage: MediaStorage;
}

async function withWorkDir<T>(work: (directory: string) => Promise<T>): Promise<T> {
  const directory = await mkdtemp(path.join(os.tmpdir(), "clubkalender-backup-"));
  try {
    return await work(directory);
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

/**
 * Writes one archive (tar.gz) holding the manifest, a logical dump of every table and every
 * media file. The file appears only when complete.
 */
export async function createBackup(
  { database, storage }: BackupSource,
  file: string,
  now: Date,
): Promise<BackupManifest> {
  return withWorkDir(async (directory) => {
    const migrations = await readAppliedMigrations(database.db);
    if (migrations.length === 0) {
      throw new BackupError(
        "Diese Datenbank wurde noch nie eingerichtet (keine Migrationen): nichts zu sichern.",
      );
    }
    const tables = await dumpDatabase(database.db, path.join(directory, DATABASE_DIR));
    const mediaFiles = await dumpMedia(storage, path.join(directory, MEDIA_DIR));
    const manifest: BackupManifest = {
      format: "clubkalender-backup",
      version: 1,
      created_at: now.toISOString(),
      source: { driver: "postgres", media: storage.kind },
      migrations,
      tables,
      media_files: mediaFiles,
    };
    await writeFile(path.join(directory, MANIFEST), JSON.stringify(manifest, null, 2) + "\n");
    const partial = `${file}.${randomBytes(4).toString("hex")}.partial`;
    try {
      await tar.create({ file: partial, cwd: directory, gzip: true, portable: true }, [
        MANIFEST,
        DATABASE_DIR,
        ...(mediaFiles > 0 ? [MEDIA_DIR] : []),
      ]);
      await rename(partial, file);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
    return manifest;
  });
}

async function readManifest(directory: string): Promise<BackupManifest> {
  let text: string;
  try {
    text = await readFile(path.join(directory, MANIFEST), "utf8");
  } catch {
    throw new BackupError(
      "Das ist keine Clubkalender-Sicherung (es fehlt clubkalender-backup.json).",
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) {
    throw new BackupError(
      "Die Beschreibung der Sicherung (clubkalender-backup.json) ist ungültig.",
    );
  }
  return parsed.data;
}

async function extract(file: string, directory: string): Promise<void> {
  try {
    await tar.extract({ file, cwd: directory, strict: true });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new BackupError(`Die Sicherung ${file} lässt sich nicht lesen: ${reason}`);
  }
}

/** Row counts of a database that holds only what the migrations put there. */
async function rowsAfterMigrations(): Promise<Map<string, number>> {
  const fresh = await openThrowawayDatabase();
  try {
    await fresh.migrate();
    return await countRows(fresh.db, await readTables(fresh.db));
  } finally {
    await fresh.close();
  }
}

/** What the target holds beyond a freshly migrated, empty installation. */
async function describeContent(target: BackupSource, tables: TableInfo[]): Promise<string[]> {
  const [rows, baseline] = await Promise.all([
    countRows(target.database.db, tables),
    rowsAfterMigrations(),
  ]);
  const content = [...rows]
    .filter(([table, count]) => count !== (baseline.get(table) ?? 0))
    .map(([table, count]) => `${table}: ${count} Zeilen`);
  const mediaFiles = (await listMedia(target.storage)).length;
  if (mediaFiles > 0) content.push(`${mediaFiles} Mediendateien`);
  return content;
}

/**
 * Restores an archive into the target (migrated to this program's schema first): refused when
 * the backup belongs to another schema, or when the target holds data and `force` is not set.
 * The database is replaced in one transaction, then the media store is made to hold exactly
 * the archive's files.
 */
export async function restoreBackup(
  target: BackupSource,
  file: string,
  options: { force: boolean },
): Promise<BackupManifest> {
  return withWorkDir(async (directory) => {
    await extract(file, directory);
    const manifest = await readManifest(directory);
    await target.database.migrate();
    const migrations = await readAppliedMigrations(target.database.db);
    if (manifest.migrations.join() !== migrations.join()) {
      throw new BackupError(
        `Die Sicherung gehört zu einem anderen Programmstand (${manifest.migrations.length} ` +
          `Migrationen, dieser hat ${migrations.length}). Stelle sie mit dem Stand wieder her, ` +
          "der sie geschrieben hat, und starte danach die neue Version.",
      );
    }
    if (!options.force) {
      const content = await describeContent(target, await readTables(target.database.db));
      if (content.length > 0) {
        throw new BackupError(
          `Das Ziel ist nicht leer (${content.join(", ")}). Mit --force wird sein Inhalt ` +
            "durch die Sicherung ersetzt.",
        );
      }
    }
    await mediaKeysIn(path.join(directory, MEDIA_DIR));
    await loadDatabase(target.database.db, path.join(directory, DATABASE_DIR), manifest.tables);
    await loadMedia(target.storage, path.join(directory, MEDIA_DIR));
    return manifest;
  });
}
