import { and, asc, eq } from "drizzle-orm";
import { adRejectionSchema } from "#common/schemas/promotion.ts";
import { mediaUrl } from "#common/urls.ts";
import { ads } from "#server/db/schema/ads.ts";
import { paymentOrders } from "#server/db/schema/payments.ts";
import { users } from "#server/db/schema/users.ts";
import { recordAudit } from "#server/domain/audit/audit-log.server.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { ConflictError, NotFoundError } from "#server/domain/errors.ts";
import type { Actor } from "#server/domain/kernel/actor.ts";
import { parseInput } from "#server/domain/parse-input.ts";
import { issueInvoiceForPaidOrder } from "#server/domain/billing/issue-billing-documents.server.ts";
import { billingDocuments } from "#server/db/schema/invoices.ts";
import { adLivePeriod } from "#server/domain/payments/ad-live-period.ts";
import { mailBillingDocuments, refundOrder } from "#server/domain/payments/fulfilment.server.ts";

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

/**
 * Approves a paid ad (admins only; the caller checks). On its first approval the paid period
 * becomes final — the booked one, or, when its start day has passed meanwhile, the booked weeks
 * from now (decision 0211) — and the invoice naming it is issued in the same transaction. An ad
 * approved again after a change of its creative keeps its period and invoice.
 */
export async function approveAd(deps: DomainDeps, admin: Actor, adId: number): Promise<void> {
  await adAwaitingApproval(deps, adId);
  const now = deps.now();
  const approved = await deps.db.transaction(async (tx) => {
    const [ad] = await tx.select().from(ads).where(eq(ads.id, adId)).for("update");
    if (ad?.status !== "awaiting_approval") return false;
    const [order] = await tx
      .select()
      .from(paymentOrders)
      .where(and(eq(paymentOrders.adId, adId), eq(paymentOrders.status, "fulfilled")))
      .for("update");
    const [invoiced] = order
      ? await tx
          .select({ id: billingDocuments.id })
          .from(billingDocuments)
          .where(and(eq(billingDocuments.orderId, order.id), eq(billingDocuments.kind, "invoice")))
      : [];
    const period = invoiced
      ? { startsAt: ad.startsAt, endsAt: ad.endsAt }
      : adLivePeriod(ad, now, deps.config.city.timeZone);
    await tx
      .update(ads)
      .set({ status: "active", rejectionReason: null, ...period, updatedAt: now })
      .where(eq(ads.id, adId));
    if (order && !invoiced) {
      await tx
        .update(paymentOrders)
        .set({ periodStartsAt: period.startsAt, periodEndsAt: period.endsAt, updatedAt: now })
        .where(eq(paymentOrders.id, order.id));
      await issueInvoiceForPaidOrder(tx, deps, order.id);
    }
    return true;
  });
  if (!approved) throw new ConflictError("Diese Anzeige wartet nicht auf Freigabe.");
  await mailBillingDocuments(deps);
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
  for (const order of paid) {
    await refundOrder(deps, order.id, "Anzeige abgelehnt", `ad rejected: ${reason}`);
  }
}
