import { lt } from "drizzle-orm";
import { flyerUploads } from "#server/db/schema/uploads.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { deleteUnusedFlyers } from "./flyer-files.server.ts";

/** How long an uploaded flyer may wait for its event before its files are removed. */
export const ORPHANED_FLYER_AGE_MS = 24 * 3_600_000;

/**
 * Removes the files of flyers uploaded more than a day ago that no event uses (uploaded, then
 * the form was never saved). Flyers that events took stay; from then on deleting the event
 * removes them. Returns how many uploads were settled.
 */
export async function removeOrphanedFlyers(deps: DomainDeps): Promise<number> {
  const before = new Date(deps.now().getTime() - ORPHANED_FLYER_AGE_MS);
  const settled = await deps.db
    .delete(flyerUploads)
    .where(lt(flyerUploads.uploadedAt, before))
    .returning({ path: flyerUploads.path });
  await deleteUnusedFlyers(
    deps,
    settled.map((upload) => upload.path),
  );
  return settled.length;
}
