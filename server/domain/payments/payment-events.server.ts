import { and, eq } from "drizzle-orm";
import { paymentOrders, paymentWebhookEvents } from "#server/db/schema/payments.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import type { PaymentEvent } from "#server/payments/payment-provider.ts";
import { settleOrder, type Settlement } from "./fulfilment.server.ts";
import { lockOrder, transitionOrder, type OrderRow } from "./orders.server.ts";

/** What a provider event did, for the log line and the test. */
export type RecordedPaymentEvent =
  | { result: "replayed"; eventId: string }
  | { result: "unknown_order"; eventId: string }
  | { result: "ignored"; eventId: string; type: string }
  | {
      result: "recorded";
      eventId: string;
      orderId: number;
      from: OrderRow["status"];
      to: OrderRow["status"];
      /** A payment for an order that had expired, been cancelled or failed. */
      late: boolean;
    };

function findOrder(deps: DomainDeps, event: PaymentEvent) {
  if (event.kind === "ignored") return null;
  const where =
    event.kind === "refunded"
      ? eq(paymentOrders.providerPaymentId, event.paymentId)
      : eq(paymentOrders.providerReference, event.providerReference);
  return and(eq(paymentOrders.provider, deps.payments.name), where);
}

/**
 * Step one of a provider event, in one transaction: remember its id (a replay changes nothing)
 * and move the order — paid, processing (SEPA), failed, checkout expired, refunded at the
 * provider. A payment for an expired, cancelled or failed order is recorded as paid all the
 * same (never dropped); settling decides whether it is fulfilled or refunded.
 */
export async function recordPaymentEvent(
  deps: DomainDeps,
  event: PaymentEvent,
): Promise<RecordedPaymentEvent> {
  return deps.db.transaction(async (tx) => {
    const condition = findOrder(deps, event);
    const [order] = condition
      ? await tx.select({ id: paymentOrders.id }).from(paymentOrders).where(condition)
      : [];
    const inserted = await tx
      .insert(paymentWebhookEvents)
      .values({
        eventId: event.eventId,
        provider: deps.payments.name,
        type: event.kind === "ignored" ? event.type : event.kind,
        orderId: order?.id ?? null,
        receivedAt: deps.now(),
      })
      .onConflictDoNothing()
      .returning({ eventId: paymentWebhookEvents.eventId });
    if (inserted.length === 0) return { result: "replayed", eventId: event.eventId };
    if (event.kind === "ignored")
      return { result: "ignored", eventId: event.eventId, type: event.type };
    if (!order) return { result: "unknown_order", eventId: event.eventId };

    const locked = await lockOrder(tx, order.id);
    const from = locked.status;
    const late = from === "expired" || from === "cancelled" || from === "failed";
    const note = `${deps.payments.name} ${event.kind} (${event.eventId})`;
    switch (event.kind) {
      case "paid":
        await transitionOrder(
          tx,
          deps,
          locked,
          "paid",
          { providerPaymentId: event.paymentId },
          late ? `late payment after ${from}: ${note}` : note,
        );
        break;
      case "processing":
        await transitionOrder(
          tx,
          deps,
          locked,
          "pending",
          { providerPaymentId: event.paymentId },
          note,
        );
        break;
      case "failed":
        await transitionOrder(tx, deps, locked, "failed", {}, note);
        break;
      case "checkout_expired":
        await transitionOrder(tx, deps, locked, "expired", {}, note);
        break;
      case "refunded":
        await transitionOrder(tx, deps, locked, "refunded", {}, note);
        break;
    }
    const [after] = await tx
      .select({ status: paymentOrders.status })
      .from(paymentOrders)
      .where(eq(paymentOrders.id, order.id));
    return {
      result: "recorded",
      eventId: event.eventId,
      orderId: order.id,
      from,
      to: after!.status,
      late: late && after!.status === "paid",
    };
  });
}

/**
 * A provider event from start to end: the webhook route and the sandbox checkout both come
 * here. Recorded first (committed), then a paid order is settled; a crash in between leaves a
 * `paid` order that the payments job settles on the next start, exactly once.
 */
export async function handlePaymentEvent(
  deps: DomainDeps,
  event: PaymentEvent,
): Promise<{ recorded: RecordedPaymentEvent; settlement: Settlement | null }> {
  const recorded = await recordPaymentEvent(deps, event);
  const settlement =
    recorded.result === "recorded" && recorded.to === "paid"
      ? await settleOrder(deps, recorded.orderId)
      : null;
  return { recorded, settlement };
}
