import { inArray, sql } from "drizzle-orm";
import { flyerVariantPath, FLYER_WIDTHS } from "#common/flyer-sizes.ts";
import { eventSeries, events } from "#server/db/schema/events.ts";
import type { DomainDeps } from "#server/domain/deps.ts";

/** Uploaded flyers live under flyers/u<user id>/: only their uploader can attach them. */
export function flyerFolderOf(userId: number): string {
  return `flyers/u${userId}/`;
}

const uploadedFlyerPattern = /^flyers\/u(\d+)\/[a-f0-9]{32}-800\.webp$/;

export function isFlyerUploadedBy(path: string, userId: number): boolean {
  const match = uploadedFlyerPattern.exec(path);
  return match !== null && Number(match[1]) === userId;
}

/** Every stored file of an image (flyer, club photo): its widths, or just the path otherwise. */
export function imageFilesOf(flyerPath: string): string[] {
  const variants = FLYER_WIDTHS.map((width) => flyerVariantPath(flyerPath, width));
  return variants.every((variant) => variant !== null) ? (variants as string[]) : [flyerPath];
}

/**
 * Removes flyer files no event uses any more (copies for next week share their flyer), nor the
 * template of a series (decision 0230), whose coming parties will take it.
 */
export async function deleteUnusedFlyers(deps: DomainDeps, flyerPaths: string[]): Promise<void> {
  const candidates = [...new Set(flyerPaths)];
  if (candidates.length === 0) return;
  const [stillUsed, inTemplates] = await Promise.all([
    deps.db
      .select({ flyerPath: events.flyerPath })
      .from(events)
      .where(inArray(events.flyerPath, candidates)),
    deps.db
      .select({ flyerPath: sql<string>`${eventSeries.template}->>'flyer'` })
      .from(eventSeries)
      .where(inArray(sql`${eventSeries.template}->>'flyer'`, candidates)),
  ]);
  const used = new Set([...stillUsed, ...inTemplates].map((row) => row.flyerPath));
  for (const path of candidates) {
    if (used.has(path)) continue;
    for (const file of imageFilesOf(path)) await deps.storage.delete(file);
  }
}
