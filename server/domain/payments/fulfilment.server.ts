import { partyNightEnd } from "#common/dates.ts";
import { and, eq } from "drizzle-orm";
import type { Database } from "#server/db/client.server.ts";
import { ads } from "#server/db/schema/ads.ts";
import { events } from "#server/db/schema/events.ts";
import { paymentOrders } from "#server/db/schema/payments.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { sendOwedBillingMails } from "#server/domain/billing/billing-mails.server.ts";
import { issueInvoiceForPaidOrder } from "#server/domain/billing/issue-billing-documents.server.ts";
import { getSiteSettings } from "#server/domain/settings/site-settings.server.ts";
import { adLivePeriod } from "./ad-live-period.ts";
import { lockOrder, transitionOrder, type OrderRow } from "./orders.server.ts";
import { payOutRefunds, recordRefund, refundedCents } from "./refunds.server.ts";
import { alreadyCoveredMessage, whyNotPromotable } from "./top-event-orders.server.ts";

/** What became of a paid order. */
export type Settlement =
  | { outcome: "fulfilled"; orderId: number }
  | { outcome: "refunded"; orderId: number; reason: string }
  /** Nothing to do: not paid (yet), or settled before (a replay, a second runner). */
  | { outcome: "unchanged"; orderId: number; status: OrderRow["status"] };

/**
 * Whether a paid order took effect; `live`: its service period is fixed now (a top event, an
 * ad without approval), so its invoice can name it. An ad awaiting approval is invoiced when it
 * is approved (decision 0211).
 */
type Decision = { fulfil: true; live: boolean } | { fulfil: false; reason: string };

/**
 * A top event begins now, or where a running period ends, and runs to the end planned with the
 * order: the end of the party's night when it was ordered (decision 0210). Orders from before
 * that decision carry no planned end and get the party's night as well.
 */
async function fulfilTopEvent(db: Database, deps: DomainDeps, order: OrderRow): Promise<Decision> {
  const [event] = order.eventId
    ? await db.select().from(events).where(eq(events.id, order.eventId)).for("update")
    : [];
  if (!event) return { fulfil: false, reason: "Die Party gibt es nicht mehr." };
  const now = deps.now();
  const timeZone = deps.config.city.timeZone;
  const refusal = whyNotPromotable(event, now, timeZone);
  if (refusal) return { fulfil: false, reason: refusal };
  const startsAt = event.topUntil && event.topUntil > now ? event.topUntil : now;
  const endsAt = order.periodEndsAt ?? partyNightEnd(event.startsAt, timeZone);
  if (endsAt <= startsAt) return { fulfil: false, reason: alreadyCoveredMessage };
  await db.update(events).set({ topUntil: endsAt, updatedAt: now }).where(eq(events.id, event.id));
  await transitionOrder(db, deps, order, "fulfilled", {
    periodStartsAt: startsAt,
    periodEndsAt: endsAt,
  });
  return { fulfil: true, live: true };
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
  if (adsNeedApproval) {
    await db
      .update(ads)
      .set({ status: "awaiting_approval", updatedAt: deps.now() })
      .where(eq(ads.id, ad.id));
    await transitionOrder(db, deps, order, "fulfilled");
    return { fulfil: true, live: false };
  }
  // Live at once: the period starts now at the earliest (decision 0211).
  const period = adLivePeriod(ad, deps.now(), deps.config.city.timeZone);
  await db
    .update(ads)
    .set({ status: "active", ...period, updatedAt: deps.now() })
    .where(eq(ads.id, ad.id));
  await transitionOrder(db, deps, order, "fulfilled", {
    periodStartsAt: period.startsAt,
    periodEndsAt: period.endsAt,
  });
  return { fulfil: true, live: true };
}

/**
 * The one place a paid order takes effect, inside the caller's transaction with the order
 * locked: a top event gets its period (extending a running one), an ad goes to approval (or
 * live). Anything but a `paid` order is left alone, so running it twice fulfils once. Answers
 * whether it fulfilled, or why the money has to go back. What went live is invoiced here; an ad
 * awaiting approval when it is approved.
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
  if (decision.fulfil && decision.live) await issueInvoiceForPaidOrder(tx, deps, orderId);
  return decision;
}

/**
 * Gives back all of an order that is still paid (decision 0210): marks it `refunded` and records
 * the refund with its credit note in one transaction, then pays it out through the provider (an
 * outage leaves it owed for the payments job). Used for late or impossible payments and for
 * rejected ads. `reason` is German, for the credit note; `note` goes to the order's history.
 */
export async function refundOrder(
  deps: DomainDeps,
  orderId: number,
  reason: string,
  note = reason,
): Promise<boolean> {
  const refunded = await deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (order.status !== "paid" && order.status !== "fulfilled") return false;
    const owed = order.amountCents - (await refundedCents(tx, orderId));
    const moved = await transitionOrder(tx, deps, order, "refunded", {}, note);
    if (moved) await recordRefund(tx, deps, order, { amountCents: owed, reason });
    return moved;
  });
  await payOutRefunds(deps, orderId).catch(() => 0);
  await mailBillingDocuments(deps);
  return refunded;
}

/** Mails the documents just issued; what fails here the scheduler sends on its next run. */
export async function mailBillingDocuments(deps: DomainDeps): Promise<void> {
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
