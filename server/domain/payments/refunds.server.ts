import { and, eq, isNull, sum } from "drizzle-orm";
import type { Database } from "#server/db/client.server.ts";
import { billingDocuments } from "#server/db/schema/invoices.ts";
import { paymentOrders, paymentRefunds } from "#server/db/schema/payments.ts";
import { issueCreditNoteForRefund } from "#server/domain/billing/issue-billing-documents.server.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import type { OrderRow } from "./orders.server.ts";

export type RefundRow = typeof paymentRefunds.$inferSelect;

/** What has been given back of an order so far (paid out or still owed). */
export async function refundedCents(db: Database, orderId: number): Promise<number> {
  const [row] = await db
    .select({ total: sum(paymentRefunds.amountCents) })
    .from(paymentRefunds)
    .where(eq(paymentRefunds.orderId, orderId));
  return Number(row?.total ?? 0);
}

/**
 * Records money owed back on an order, in the caller's transaction with the order locked: the
 * refund and its credit note, whose number comes from the counter locked in the same
 * transaction (decision 0067). Pay it out with `payOutRefunds` after the commit. The first
 * refund of an order keeps the provider key full refunds always had (`refund-order-<id>`).
 */
export async function recordRefund(
  tx: Database,
  deps: DomainDeps,
  order: Pick<OrderRow, "id">,
  refund: { amountCents: number; reason: string; period?: { startsAt: Date; endsAt: Date } },
): Promise<RefundRow | null> {
  if (refund.amountCents <= 0) return null;
  const earlier = await tx
    .select({ id: paymentRefunds.id })
    .from(paymentRefunds)
    .where(eq(paymentRefunds.orderId, order.id));
  const [recorded] = await tx
    .insert(paymentRefunds)
    .values({
      orderId: order.id,
      amountCents: refund.amountCents,
      reason: refund.reason,
      periodStartsAt: refund.period?.startsAt ?? null,
      periodEndsAt: refund.period?.endsAt ?? null,
      providerKey:
        earlier.length === 0
          ? `refund-order-${order.id}`
          : `refund-order-${order.id}-${earlier.length + 1}`,
      createdAt: deps.now(),
    })
    .returning();
  await issueCreditNoteForRefund(tx, deps, recorded!.id);
  return recorded!;
}

/**
 * Sends owed refunds (of one order, or all) through the provider, each under its own key so a
 * repeat after a crash sends nothing twice, and marks them paid out. Every owed refund is tried;
 * if any fails it stays owed for the payments job's next run, and the failure is thrown after
 * the others were tried. Answers how many were paid out.
 */
export async function payOutRefunds(deps: DomainDeps, orderId?: number): Promise<number> {
  const owed = await deps.db
    .select({
      id: paymentRefunds.id,
      orderId: paymentRefunds.orderId,
      amountCents: paymentRefunds.amountCents,
      providerKey: paymentRefunds.providerKey,
      providerPaymentId: paymentOrders.providerPaymentId,
    })
    .from(paymentRefunds)
    .innerJoin(paymentOrders, eq(paymentOrders.id, paymentRefunds.orderId))
    .where(
      and(
        isNull(paymentRefunds.refundedAt),
        orderId === undefined ? undefined : eq(paymentRefunds.orderId, orderId),
      ),
    )
    .orderBy(paymentRefunds.id);
  let paidOut = 0;
  const failures: unknown[] = [];
  for (const refund of owed) {
    try {
      await deps.payments.refund({
        orderId: refund.orderId,
        amountCents: refund.amountCents,
        providerPaymentId: refund.providerPaymentId,
        idempotencyKey: refund.providerKey,
      });
    } catch (error) {
      failures.push(error);
      continue;
    }
    await deps.db
      .update(paymentRefunds)
      .set({ refundedAt: deps.now() })
      .where(and(eq(paymentRefunds.id, refund.id), isNull(paymentRefunds.refundedAt)));
    paidOut++;
  }
  if (failures.length > 0)
    throw new AggregateError(failures, "Refunds failed; owed until the next run");
  return paidOut;
}

/** A refund as its buyer sees it: the amount, its credit note, and whether it is paid out. */
export interface OwnRefund {
  amountCents: number;
  creditNoteNumber: string | null;
  paidOut: boolean;
}

/** The refunds of the user's ads, by ad, oldest first (a rejected ad's full refund). */
export async function ownAdRefunds(
  deps: DomainDeps,
  userId: number,
): Promise<Map<number, OwnRefund[]>> {
  const rows = await deps.db
    .select({
      adId: paymentOrders.adId,
      amountCents: paymentRefunds.amountCents,
      creditNoteNumber: billingDocuments.number,
      refundedAt: paymentRefunds.refundedAt,
    })
    .from(paymentRefunds)
    .innerJoin(paymentOrders, eq(paymentOrders.id, paymentRefunds.orderId))
    .leftJoin(billingDocuments, eq(billingDocuments.refundId, paymentRefunds.id))
    .where(and(eq(paymentOrders.userId, userId), eq(paymentOrders.purpose, "ad")))
    .orderBy(paymentRefunds.id);
  const byAd = new Map<number, OwnRefund[]>();
  for (const row of rows) {
    if (row.adId === null) continue;
    byAd.set(row.adId, [
      ...(byAd.get(row.adId) ?? []),
      {
        amountCents: row.amountCents,
        creditNoteNumber: row.creditNoteNumber,
        paidOut: row.refundedAt !== null,
      },
    ]);
  }
  return byAd;
}
