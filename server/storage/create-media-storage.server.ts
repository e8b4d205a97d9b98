import path from "node:path";
import type { Config } from "#server/config.ts";
import { createLocalMediaStorage } from "./local-media-storage.server.ts";
import type { MediaStorage } from "./media-storage.ts";

export function mediaDir(config: Config): string {
  return path.join(config.dataDir, "media");
}

/**
 * S3 when S3_BUCKET and its keys are set, else DATA_DIR/media (decision 0033). The S3 SDK is
 * loaded only when S3 is configured (decision 0193).
 */
export async function createMediaStorage(config: Config): Promise<MediaStorage> {
  if (!config.s3) return createLocalMediaStorage(mediaDir(config));
  const { createS3MediaStorage } = await import("./s3-media-storage.server.ts");
  return createS3MediaStorage(config.s3);
}
