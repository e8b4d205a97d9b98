import { flyerUploads } from "#server/db/schema/uploads.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { flyerFolderOf } from "./flyer-files.server.ts";
import { encodeImage, newImagePath, storeImage } from "./image-encoding.server.ts";

/**
 * Checks an uploaded flyer (or ad image), counts it against the uploader's hourly quota and
 * stores it in the WebP widths of FLYER_WIDTHS under a random name (image-encoding.server.ts).
 * Returns the stored path of the main width, for the event's `flyer` field.
 */
export async function uploadFlyer(
  deps: DomainDeps,
  userId: number,
  data: Buffer,
): Promise<{ path: string }> {
  const image = await encodeImage(deps, userId, data, "flyer");
  const { base, path } = newImagePath(flyerFolderOf(userId));
  // Noted first, so files a failed write leaves behind are cleaned up too.
  await deps.db.insert(flyerUploads).values({ path, userId, uploadedAt: deps.now() });
  await storeImage(deps, base, image);
  return { path };
}
