import { and, eq, isNull, sql } from "drizzle-orm";
import { locations } from "#server/db/schema/catalog.ts";
import { events } from "#server/db/schema/events.ts";
import { inBatches, storeGeneratedFlyer } from "#server/domain/posters/generated-images.server.ts";
import type { DomainDeps } from "#server/domain/deps.ts";

/** A drawing the demo data still owes: a club's picture or a party's flyer (an SVG poster). */
export interface PendingPicture {
  kind: "club" | "party";
  id: number;
  svg: string;
}

/** Pictures are drawn two at a time: sharp has its own thread pool, the machine two cores. */
const PICTURE_CONCURRENCY = 2;

/**
 * Draws the demo data's pictures and gives each club and party its picture (decision 0204): the
 * site answers first, the ~330 drawings follow. A club or party that got a picture from
 * someone in the meantime keeps it. All rows change in one transaction, after every drawing is
 * stored, so a failure leaves the demo without pictures rather than with dangling paths.
 */
export async function drawDemoPictures(
  deps: Pick<DomainDeps, "db" | "storage">,
  pending: readonly PendingPicture[],
): Promise<void> {
  if (pending.length === 0) return;
  const paths = await inBatches(pending, PICTURE_CONCURRENCY, (picture) =>
    storeGeneratedFlyer(deps.storage, picture.svg),
  );
  await deps.db.transaction(async (tx) => {
    for (const [index, picture] of pending.entries()) {
      const path = paths[index]!;
      if (picture.kind === "club") {
        await tx
          .update(locations)
          .set({ images: [path] })
          .where(and(eq(locations.id, picture.id), sql`${locations.images} = '[]'::jsonb`));
      } else {
        await tx
          .update(events)
          .set({ flyerPath: path })
          .where(and(eq(events.id, picture.id), isNull(events.flyerPath)));
      }
    }
  });
}
