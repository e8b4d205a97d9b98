import { and, desc, eq } from "drizzle-orm";
import { AD_DURATIONS } from "#common/constants.ts";
import { adCreativeSchema } from "#common/schemas/promotion.ts";
import { mediaUrl } from "#common/urls.ts";
import { ads } from "#server/db/schema/ads.ts";
import { recordAudit } from "#server/domain/audit/audit-log.server.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { ConflictError, NotFoundError, ValidationError } from "#server/domain/errors.ts";
import type { Actor } from "#server/domain/kernel/actor.ts";
import { parseInput } from "#server/domain/parse-input.ts";
import { getSiteSettings } from "#server/domain/settings/site-settings.server.ts";
import { isFlyerUploadedBy } from "#server/domain/uploads/flyer-files.server.ts";
import {
  adPeriodStatistics,
  type PeriodStatistics,
} from "#server/domain/promotion-statistics/ad-statistics.server.ts";
import type { AdDisplayStatus } from "#common/promotion-labels.ts";
import { adDisplayStatus } from "./ad-status.ts";

export type AdRow = typeof ads.$inferSelect;

export interface OwnAd {
  id: number;
  title: string;
  image: string | null;
  imagePath: string | null;
  targetUrl: string;
  placement: AdRow["placement"];
  status: AdDisplayStatus;
  durationId: number;
  priceCents: number;
  startsAt: Date | null;
  endsAt: Date | null;
  rejectionReason: string | null;
  statistics: PeriodStatistics;
}

/** The SPEC §9 duration (weeks and price) of an id 1–4. */
export function adDuration(durationId: number) {
  const duration = AD_DURATIONS.find((candidate) => candidate.id === durationId);
  if (!duration) throw new ValidationError({ duration: ["Ungültige Auswahl."] });
  return duration;
}

async function toOwnAd(deps: DomainDeps, ad: AdRow): Promise<OwnAd> {
  return {
    id: ad.id,
    title: ad.title,
    image: mediaUrl(ad.imagePath),
    imagePath: ad.imagePath,
    targetUrl: ad.targetUrl,
    placement: ad.placement,
    status: adDisplayStatus(ad, deps.now()),
    durationId: ad.durationId,
    priceCents: adDuration(ad.durationId).priceCents,
    startsAt: ad.startsAt,
    endsAt: ad.endsAt,
    rejectionReason: ad.rejectionReason,
    statistics: await adPeriodStatistics(deps, ad),
  };
}

/** The user's ads, newest first, with status, period and statistics per day. */
export async function listOwnAds(deps: DomainDeps, userId: number): Promise<OwnAd[]> {
  const rows = await deps.db
    .select()
    .from(ads)
    .where(eq(ads.ownerId, userId))
    .orderBy(desc(ads.createdAt), desc(ads.id));
  return Promise.all(rows.map((row) => toOwnAd(deps, row)));
}

/** One of the actor's ads; someone else's is "not found" (its existence stays private). */
async function ownAdRow(deps: DomainDeps, actor: Actor, adId: number): Promise<AdRow> {
  const [ad] = await deps.db
    .select()
    .from(ads)
    .where(and(eq(ads.id, adId), eq(ads.ownerId, actor.id)));
  if (!ad) {
    await recordAudit(deps, {
      actorUserId: actor.id,
      action: "ad.access.denied",
      entityType: "ad",
      entityId: adId,
      ip: actor.ip ?? null,
    });
    throw new NotFoundError("Diese Anzeige gibt es nicht.");
  }
  return ad;
}

export async function getOwnAd(deps: DomainDeps, actor: Actor, adId: number): Promise<OwnAd> {
  return toOwnAd(deps, await ownAdRow(deps, actor, adId));
}

/** The image must be one the user uploaded through the flyer pipeline (or the ad's own). */
export function checkAdImage(image: string, userId: number, current: string | null = null) {
  if (image !== current && !isFlyerUploadedBy(image, userId)) {
    throw new ValidationError({ image: ["Bitte lade ein Bild hoch."] });
  }
}

/**
 * Changes an ad's creative (title, image, target); period and price stay as paid. When ads
 * need approval, a changed approved ad waits for approval again before it is shown.
 */
export async function updateAdCreative(
  deps: DomainDeps,
  actor: Actor,
  adId: number,
  input: unknown,
): Promise<OwnAd> {
  const values = parseInput(adCreativeSchema, input);
  const ad = await ownAdRow(deps, actor, adId);
  if (ad.status === "rejected" || adDisplayStatus(ad, deps.now()) === "expired") {
    throw new ConflictError("Abgelaufene oder abgelehnte Anzeigen lassen sich nicht mehr ändern.");
  }
  checkAdImage(values.image, actor.id, ad.imagePath);
  const { adsNeedApproval } = await getSiteSettings(deps);
  const changed =
    values.title !== ad.title ||
    values.image !== ad.imagePath ||
    values.target_url !== ad.targetUrl;
  const backToReview = changed && adsNeedApproval && ad.status === "active";
  const [updated] = await deps.db
    .update(ads)
    .set({
      title: values.title,
      imagePath: values.image,
      targetUrl: values.target_url,
      ...(backToReview ? { status: "awaiting_approval" as const } : {}),
      updatedAt: deps.now(),
    })
    .where(eq(ads.id, ad.id))
    .returning();
  return toOwnAd(deps, updated!);
}
