import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { BackupError } from "./backup-error.ts";
import { contentTypeOfKey, isMediaKey, type MediaStorage } from "#server/storage/media-storage.ts";

/** Every key in the store. */
export async function listMedia(storage: MediaStorage): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of storage.list()) keys.push(key);
  return keys;
}

/** Copies every stored file (local folder or S3 bucket alike) to `directory/<key>`. */
export async function dumpMedia(storage: MediaStorage, directory: string): Promise<number> {
  let files = 0;
  for await (const key of storage.list()) {
    const stored = await storage.get(key);
    if (!stored) continue; // Deleted since it was listed.
    const file = path.join(directory, ...key.split("/"));
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, stored.body);
    files++;
  }
  return files;
}

/** The keys of the files under `directory`; anything that is no media key is refused. */
export async function mediaKeysIn(directory: string): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(directory, { recursive: true, withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const keys = entries
    .filter((entry) => entry.isFile())
    .map((entry) =>
      path.relative(directory, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"),
    );
  const strange = keys.filter((key) => !isMediaKey(key));
  if (strange.length > 0) {
    throw new BackupError(
      `Die Sicherung enthält Dateien, die keine Mediendateien sind: ${strange.slice(0, 5).join(", ")}`,
    );
  }
  return keys.sort();
}

/** Makes the store hold exactly the files under `directory`: others are deleted. */
export async function loadMedia(storage: MediaStorage, directory: string): Promise<number> {
  const keys = await mediaKeysIn(directory);
  const wanted = new Set(keys);
  for (const key of await listMedia(storage)) {
    if (!wanted.has(key)) await storage.delete(key);
  }
  for (const key of keys) {
    const body = await readFile(path.join(directory, ...key.split("/")));
    await storage.put(key, body, contentTypeOfKey(key));
  }
  return keys.length;
}
