import { and, asc, eq } from "drizzle-orm";
import { adRejectionSchema } from "#common/schemas/promotion.ts";
import { mediaUrl } from "#common/urls.ts";
import { ads } from "#server/db/schema/ads.ts";
import { paymentOrders } from "#server/db/schema/payments.ts";
import { users } from "#server/db/schema/users.ts";
import { recordAudit } from "#server/domain/audit/audit-log.server.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { ConflictError, NotFoundError } from "#server/domain/errors.ts";
import type { Actor } from "#server/domain/events/event-ownership.server.ts";
import { parseInput } from "#server/domain/parse-input.ts";
import { refundOrder } from "./fulfilment.server.ts";

export interface AdForReview {
  id: number;
  title: string;
  image: string | null;
  targetUrl: string;
  ownerEmail: string;
  startsAt: Date | null;
  endsAt: Date | null;
  amountCents: number | null;
}

/** Paid ads waiting for an admin's approval, oldest first (admins only). */
export async function listAdsAwaitingApproval(deps: DomainDeps): Promise<AdForReview[]> {
  const rows = await deps.db
    .select({
      id: ads.id,
      title: ads.title,
      imagePath: ads.imagePath,
      targetUrl: ads.targetUrl,
      ownerEmail: users.email,
      startsAt: ads.startsAt,
      endsAt: ads.endsAt,
      amountCents: paymentOrders.amountCents,
    })
    .from(ads)
    .innerJoin(users, eq(users.id, ads.ownerId))
    .leftJoin(
      paymentOrders,
      and(eq(paymentOrders.adId, ads.id), eq(paymentOrders.status, "fulfilled")),
    )
    .where(eq(ads.status, "awaiting_approval"))
    .orderBy(asc(ads.updatedAt), asc(ads.id));
  return rows.map(({ imagePath, ...row }) => ({ ...row, image: mediaUrl(imagePath) }));
}

async function adAwaitingApproval(deps: DomainDeps, adId: number) {
  const [ad] = await deps.db.select().from(ads).where(eq(ads.id, adId));
  if (!ad) throw new NotFoundError("Diese Anzeige gibt es nicht.");
  if (ad.status !== "awaiting_approval") {
    throw new ConflictError("Diese Anzeige wartet nicht auf Freigabe.");
  }
  return ad;
}

/** Approves a paid ad: it goes live on its start day (admins only; the caller checks). */
export async function approveAd(deps: DomainDeps, admin: Actor, adId: number): Promise<void> {
  await adAwaitingApproval(deps, adId);
  const moved = await deps.db
    .update(ads)
    .set({ status: "active", rejectionReason: null, updatedAt: deps.now() })
    .where(and(eq(ads.id, adId), eq(ads.status, "awaiting_approval")))
    .returning({ id: ads.id });
  if (moved.length === 0) throw new ConflictError("Diese Anzeige wartet nicht auf Freigabe.");
  await recordAudit(deps, {
    actorUserId: admin.id,
    action: "ad.approve",
    entityType: "ad",
    entityId: adId,
    ip: admin.ip ?? null,
  });
}

/**
 * Rejects a paid ad with a reason its owner sees, and refunds its order in full, at once.
 */
export async function rejectAd(
  deps: DomainDeps,
  admin: Actor,
  adId: number,
  input: unknown,
): Promise<void> {
  const { reason } = parseInput(adRejectionSchema, input);
  await adAwaitingApproval(deps, adId);
  const moved = await deps.db
    .update(ads)
    .set({ status: "rejected", rejectionReason: reason, updatedAt: deps.now() })
    .where(and(eq(ads.id, adId), eq(ads.status, "awaiting_approval")))
    .returning({ id: ads.id });
  if (moved.length === 0) throw new ConflictError("Diese Anzeige wartet nicht auf Freigabe.");
  await recordAudit(deps, {
    actorUserId: admin.id,
    action: "ad.reject",
    entityType: "ad",
    entityId: adId,
    details: { reason },
    ip: admin.ip ?? null,
  });
  const paid = await deps.db
    .select({ id: paymentOrders.id })
    .from(paymentOrders)
    .where(and(eq(paymentOrders.adId, adId), eq(paymentOrders.status, "fulfilled")));
  for (const order of paid) await refundOrder(deps, order.id, `ad rejected: ${reason}`);
}
