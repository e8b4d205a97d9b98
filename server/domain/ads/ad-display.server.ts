import { and, count, eq, gt, lte, sql } from "drizzle-orm";
import { safeHttpUrl } from "#common/safe-url.ts";
import { mediaUrl } from "#common/urls.ts";
import { adClicks, ads, adViews } from "#server/db/schema/ads.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { cityDayOf } from "#server/domain/kernel/city-day.server.ts";
import { NotFoundError } from "#server/domain/errors.ts";
import { isAutomated, visitorDayHash, type Visitor } from "#server/domain/visits/visitor.server.ts";

export type AdPlacement = (typeof ads.placement.enumValues)[number];

/** An ad as a visitor sees it: image, title, and the counting redirect as its link. */
export interface DisplayedAd {
  id: number;
  title: string;
  image: string | null;
  /** Our redirect that counts the click before sending the visitor on. */
  clickPath: string;
}

/** Paid and running: status active and now within [starts_at, ends_at). */
function isRunning(deps: DomainDeps) {
  const now = deps.now();
  return and(eq(ads.status, "active"), lte(ads.startsAt, now), gt(ads.endsAt, now));
}

const adClickPath = (adId: number) => `/api/ads/${adId}/click/`;

/** Running ads of a placement, in a fresh random order each time (fair rotation). */
export async function listRunningAds(
  deps: DomainDeps,
  placement: AdPlacement,
  limit = 3,
): Promise<DisplayedAd[]> {
  const rows = await deps.db
    .select({ id: ads.id, title: ads.title, imagePath: ads.imagePath })
    .from(ads)
    .where(and(isRunning(deps), eq(ads.placement, placement)))
    .orderBy(sql`random()`)
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    image: mediaUrl(row.imagePath),
    clickPath: adClickPath(row.id),
  }));
}

async function runningAd(deps: DomainDeps, adId: number) {
  const [ad] = await deps.db
    .select({ id: ads.id, targetUrl: ads.targetUrl })
    .from(ads)
    .where(and(eq(ads.id, adId), isRunning(deps)));
  const targetUrl = safeHttpUrl(ad?.targetUrl);
  if (!ad || targetUrl === null) throw new NotFoundError("Diese Anzeige gibt es nicht.");
  return { id: ad.id, targetUrl };
}

/** Counts that a visitor saw a running ad: once per visitor and day, bots never. */
export async function recordAdView(
  deps: DomainDeps,
  adId: number,
  visitor: Visitor,
): Promise<boolean> {
  await runningAd(deps, adId);
  if (isAutomated(visitor)) return false;
  const day = cityDayOf(deps);
  const inserted = await deps.db
    .insert(adViews)
    .values({ adId, day, visitorHash: visitorDayHash(deps, visitor, day) })
    .onConflictDoNothing()
    .returning({ id: adViews.id });
  return inserted.length > 0;
}

/** Counts a click on a running ad (bots aside) and answers where the visitor goes next. */
export async function recordAdClick(
  deps: DomainDeps,
  adId: number,
  visitor: Visitor,
): Promise<string> {
  const ad = await runningAd(deps, adId);
  if (!isAutomated(visitor)) {
    const day = cityDayOf(deps);
    await deps.db
      .insert(adClicks)
      .values({ adId, day, visitorHash: visitorDayHash(deps, visitor, day) });
  }
  return ad.targetUrl;
}

/** Views (visitor-days) and clicks of an ad so far. */
export async function adStatistics(
  deps: DomainDeps,
  adId: number,
): Promise<{ views: number; clicks: number }> {
  const [[views], [clicks]] = await Promise.all([
    deps.db.select({ value: count() }).from(adViews).where(eq(adViews.adId, adId)),
    deps.db.select({ value: count() }).from(adClicks).where(eq(adClicks.adId, adId)),
  ]);
  return { views: views?.value ?? 0, clicks: clicks?.value ?? 0 };
}
