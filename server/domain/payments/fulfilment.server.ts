import { and, eq } from "drizzle-orm";
import type { Database } from "#server/db/client.server.ts";
import { ads } from "#server/db/schema/ads.ts";
import { events } from "#server/db/schema/events.ts";
import { paymentOrders } from "#server/db/schema/payments.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { sendOwedBillingMails } from "#server/domain/billing/billing-mails.server.ts";
import {
  issueCreditNoteForRefundedOrder,
  issueInvoiceForPaidOrder,
} from "#server/domain/billing/issue-billing-documents.server.ts";
import { getSiteSettings } from "#server/domain/settings/site-settings.server.ts";
import { lockOrder, transitionOrder, type OrderRow } from "./orders.server.ts";
import { topEventPeriod, whyNotPromotable } from "./top-event-orders.server.ts";

/** What became of a paid order. */
export type Settlement =
  | { outcome: "fulfilled"; orderId: number }
  | { outcome: "refunded"; orderId: number; reason: string }
  /** Nothing to do: not paid (yet), or settled before (a replay, a second runner). */
  | { outcome: "unchanged"; orderId: number; status: OrderRow["status"] };

type Decision = { fulfil: true } | { fulfil: false; reason: string };

async function fulfilTopEvent(db: Database, deps: DomainDeps, order: OrderRow): Promise<Decision> {
  const [event] = order.eventId
    ? await db.select().from(events).where(eq(events.id, order.eventId)).for("update")
    : [];
  if (!event) return { fulfil: false, reason: "Die Party gibt es nicht mehr." };
  const refusal = whyNotPromotable(event, deps.now());
  if (refusal) return { fulfil: false, reason: refusal };
  const period = topEventPeriod(event, order.weeks ?? 1, deps.now());
  await db
    .update(events)
    .set({ topUntil: period.endsAt, updatedAt: deps.now() })
    .where(eq(events.id, event.id));
  await transitionOrder(db, deps, order, "fulfilled", {
    periodStartsAt: period.startsAt,
    periodEndsAt: period.endsAt,
  });
  return { fulfil: true };
}

async function fulfilAd(db: Database, deps: DomainDeps, order: OrderRow): Promise<Decision> {
  const [ad] = order.adId
    ? await db.select().from(ads).where(eq(ads.id, order.adId)).for("update")
    : [];
  if (!ad) return { fulfil: false, reason: "Die Anzeige gibt es nicht mehr." };
  if (ad.status !== "draft") return { fulfil: false, reason: "Die Anzeige ist schon bezahlt." };
  if (!ad.endsAt || ad.endsAt <= deps.now()) {
    return { fulfil: false, reason: "Der gebuchte Zeitraum ist schon vorbei." };
  }
  // Read inside the transaction: the embedded database has one connection.
  const { adsNeedApproval } = await getSiteSettings({ ...deps, db });
  await db
    .update(ads)
    .set({ status: adsNeedApproval ? "awaiting_approval" : "active", updatedAt: deps.now() })
    .where(eq(ads.id, ad.id));
  await transitionOrder(db, deps, order, "fulfilled");
  return { fulfil: true };
}

/**
 * The one place a paid order takes effect, inside the caller's transaction with the order
 * locked: a top event gets its period (extending a running one), an ad goes to approval (or
 * live). Anything but a `paid` order is left alone, so running it twice fulfils once. Answers
 * whether it fulfilled, or why the money has to go back.
 */
export async function fulfilOrder(
  tx: Database,
  deps: DomainDeps,
  orderId: number,
): Promise<Decision | null> {
  const order = await lockOrder(tx, orderId);
  if (order.status !== "paid") return null;
  const decision =
    order.purpose === "top_event"
      ? await fulfilTopEvent(tx, deps, order)
      : await fulfilAd(tx, deps, order);
  // The invoice's number is taken in this transaction, so a rollback or crash leaves no gap.
  if (decision.fulfil) await issueInvoiceForPaidOrder(tx, deps, orderId);
  return decision;
}

/**
 * Sends an order's money back through the provider and marks it `refunded`. The provider call
 * is idempotent by order id, so a crash between it and the database write is repaired by the
 * next run. Used for late or impossible payments and for rejected ads.
 */
export async function refundOrder(
  deps: DomainDeps,
  orderId: number,
  reason: string,
): Promise<boolean> {
  const [order] = await deps.db.select().from(paymentOrders).where(eq(paymentOrders.id, orderId));
  if (!order || (order.status !== "paid" && order.status !== "fulfilled")) return false;
  await deps.payments.refund({
    orderId: order.id,
    amountCents: order.amountCents,
    providerPaymentId: order.providerPaymentId,
  });
  const refunded = await deps.db.transaction(async (tx) => {
    const locked = await lockOrder(tx, orderId);
    const moved = await transitionOrder(tx, deps, locked, "refunded", {}, reason);
    // Money that came in and goes back: an invoice (if none yet) and its credit note.
    if (moved) await issueCreditNoteForRefundedOrder(tx, deps, orderId);
    return moved;
  });
  await mailBillingDocuments(deps);
  return refunded;
}

/** Mails the documents just issued; what fails here the scheduler sends on its next run. */
async function mailBillingDocuments(deps: DomainDeps): Promise<void> {
  await sendOwedBillingMails(deps).catch(() => 0);
}

/**
 * Fulfils a paid order, or refunds it when it can no longer be fulfilled (the event was
 * cancelled meanwhile, the ad's period is over). Safe to repeat.
 */
export async function settleOrder(deps: DomainDeps, orderId: number): Promise<Settlement> {
  const decision = await deps.db.transaction((tx) => fulfilOrder(tx, deps, orderId));
  if (decision === null) {
    const [order] = await deps.db
      .select({ status: paymentOrders.status })
      .from(paymentOrders)
      .where(eq(paymentOrders.id, orderId));
    return { outcome: "unchanged", orderId, status: order?.status ?? "created" };
  }
  if (decision.fulfil) {
    await mailBillingDocuments(deps);
    return { outcome: "fulfilled", orderId };
  }
  await refundOrder(deps, orderId, decision.reason);
  return { outcome: "refunded", orderId, reason: decision.reason };
}

/** Settles every order that is paid but not yet fulfilled (after a crash, at each job run). */
export async function settlePaidOrders(deps: DomainDeps): Promise<Settlement[]> {
  const paid = await deps.db
    .select({ id: paymentOrders.id })
    .from(paymentOrders)
    .where(and(eq(paymentOrders.status, "paid")));
  const settled: Settlement[] = [];
  for (const { id } of paid) settled.push(await settleOrder(deps, id));
  return settled;
}
