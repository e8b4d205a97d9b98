import path from "node:path";
import type { Config } from "#server/config.ts";
import { createLocalMediaStorage } from "./local-media-storage.server.ts";
import type { MediaStorage } from "./media-storage.ts";
import { createS3MediaStorage } from "./s3-media-storage.server.ts";

export function mediaDir(config: Config): string {
  return path.join(config.dataDir, "media");
}

/** S3 when S3_BUCKET and its keys are set, else DATA_DIR/media (decision 0033). */
export function createMediaStorage(config: Config): MediaStorage {
  return config.s3 ? createS3MediaStorage(config.s3) : createLocalMediaStorage(mediaDir(config));
}
