import {
  access,
  constants,
  mkdir,
  readdir,
  readFile,
  rename,
  rm,
  writeFile,
} from "node:fs/promises";
import { randomUUID } from "node:crypto";
import path from "node:path";
import {
  assertMediaKey,
  contentTypeOfKey,
  isMediaKey,
  type MediaStorage,
} from "./media-storage.ts";

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
      // Write beside, then rename: a reader never sees half a file. The partial file is this
      // write's own, so two writes of one key at once (two loaders drawing the same preview) each
      // rename a whole file and the later one wins.
      const partial = `${file}.${randomUUID()}.partial`;
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
    list: async function* () {
      let entries: string[];
      try {
        entries = await readdir(directory, { recursive: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
        throw error;
      }
      for (const entry of entries.sort()) {
        const key = entry.split(path.sep).join("/");
        if (isMediaKey(key)) yield key;
      }
    },
    check: async () => {
      await mkdir(directory, { recursive: true });
      await access(directory, constants.W_OK);
    },
    publicUrl: () => null,
  };
}
