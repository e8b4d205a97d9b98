import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { assertMediaKey, contentTypeOfKey, type MediaStorage } from "./media-storage.ts";

/** The embedded default: files under DATA_DIR/media, served by GET /media/*. */
export function createLocalMediaStorage(directory: string): MediaStorage {
  const fileOf = (key: string) => {
    assertMediaKey(key);
    return path.join(directory, ...key.split("/"));
  };
  return {
    kind: "local",
    put: async (key, body) => {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Write beside, then rename: a reader never sees half a file.
      const partial = `${file}.${process.pid}.partial`;
      await writeFile(partial, body);
      await rename(partial, file);
    },
    get: async (key) => {
      try {
        return { body: await readFile(fileOf(key)), contentType: contentTypeOfKey(key) };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    delete: async (key) => {
      await rm(fileOf(key), { force: true });
    },
    publicUrl: () => null,
  };
}
