import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Database } from "#server/db/client.server.ts";
import { locations } from "#server/db/schema/catalog.ts";
import { pendingDemoPictures } from "#server/db/schema/demo-pictures.ts";
import { events } from "#server/db/schema/events.ts";
import { inBatches, storeGeneratedFlyer } from "#server/domain/posters/generated-images.server.ts";
import type { DomainDeps } from "#server/domain/deps.ts";

export type PendingPicture = Omit<typeof pendingDemoPictures.$inferInsert, "id">;

/** Pictures are drawn two at a time: sharp has its own thread pool, the machine two cores. */
const PICTURE_CONCURRENCY = 2;
/** Drawn and written per transaction: a stop waits for at most one batch (about a second). */
const PICTURE_BATCH = 12;

/** Records the demo data's pictures to draw, in the seed's transaction. */
export async function recordDemoPictures(db: Database, pictures: readonly PendingPicture[]) {
  if (pictures.length > 0) await db.insert(pendingDemoPictures).values([...pictures]);
}

/**
 * Draws the pending demo pictures (decision 0204) batch by batch, each in one transaction: the
 * batch's rows are locked (`skip locked`: two instances share the work), drawn, given to their
 * club or party unless someone gave it a picture meanwhile, and deleted. `stopping` is asked
 * between batches; what is left waits for the next start. Answers how many were drawn.
 */
export async function drawPendingDemoPictures(
  deps: Pick<DomainDeps, "db" | "storage">,
  stopping: () => boolean = () => false,
): Promise<number> {
  let drawn = 0;
  while (!stopping()) {
    const done = await deps.db.transaction(async (tx) => {
      const batch = await tx
        .select()
        .from(pendingDemoPictures)
        .orderBy(asc(pendingDemoPictures.id))
        .limit(PICTURE_BATCH)
        .for("update", { skipLocked: true });
      if (batch.length === 0) return 0;
      const paths = await inBatches(batch, PICTURE_CONCURRENCY, (picture) =>
        storeGeneratedFlyer(deps.storage, picture.svg),
      );
      for (const [index, picture] of batch.entries()) {
        const path = paths[index]!;
        if (picture.kind === "club") {
          await tx
            .update(locations)
            .set({ images: [path] })
            .where(and(eq(locations.id, picture.targetId), sql`${locations.images} = '[]'::jsonb`));
        } else {
          await tx
            .update(events)
            .set({ flyerPath: path })
            .where(and(eq(events.id, picture.targetId), isNull(events.flyerPath)));
        }
      }
      await tx.delete(pendingDemoPictures).where(
        inArray(
          pendingDemoPictures.id,
          batch.map((picture) => picture.id),
        ),
      );
      return batch.length;
    });
    if (done === 0) break;
    drawn += done;
  }
  return drawn;
}
