import type { AdDisplayStatus } from "#common/promotion-labels.ts";
import type { ads } from "#server/db/schema/ads.ts";

export type StoredAdStatus = (typeof ads.status.enumValues)[number];

/**
 * An approved ad (stored `active`) is "bezahlt" before its start day, "aktiv" during its period
 * and "abgelaufen" after it; unpaid ones are drafts.
 */
export function adDisplayStatus(
  ad: { status: StoredAdStatus; startsAt: Date | null; endsAt: Date | null },
  now: Date,
): AdDisplayStatus {
  switch (ad.status) {
    case "awaiting_approval":
    case "rejected":
    case "expired":
      return ad.status;
    case "active":
      if (ad.endsAt && ad.endsAt <= now) return "expired";
      return ad.startsAt && ad.startsAt > now ? "paid" : "active";
    default:
      return "draft";
  }
}
