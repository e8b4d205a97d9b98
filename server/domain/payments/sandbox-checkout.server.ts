import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { adProductName, TOP_EVENT_PRODUCT } from "#common/promotion-products.ts";
import { myAdsPath, promoteEventPath } from "#common/urls.ts";
import { ads } from "#server/db/schema/ads.ts";
import { events } from "#server/db/schema/events.ts";
import { paymentOrders } from "#server/db/schema/payments.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { ConflictError, NotFoundError } from "#server/domain/errors.ts";
import { handlePaymentEvent } from "./payment-events.server.ts";
import { transitionOrder } from "./orders.server.ts";

export interface SandboxCheckout {
  orderId: number;
  reference: string;
  amountCents: number;
  /** "Top-Event bis zur Party „…“" or "Anzeige in der Partyliste, 1 Woche „…“". */
  description: string;
  status: (typeof paymentOrders.status.enumValues)[number];
  /** Where the buyer goes back to. */
  returnPath: string;
}

export type SandboxOutcome = "pay" | "cancel" | "fail";

async function sandboxOrder(deps: DomainDeps, userId: number, reference: string) {
  if (deps.payments.name !== "sandbox") throw new NotFoundError("Diese Zahlung gibt es nicht.");
  const [order] = await deps.db
    .select()
    .from(paymentOrders)
    .where(
      and(
        eq(paymentOrders.provider, "sandbox"),
        eq(paymentOrders.providerReference, reference),
        eq(paymentOrders.userId, userId),
      ),
    );
  if (!order) throw new NotFoundError("Diese Zahlung gibt es nicht.");
  return order;
}

/** The sandbox's checkout page for one of the user's orders (only while no Stripe is set). */
export async function getSandboxCheckout(
  deps: DomainDeps,
  userId: number,
  reference: string,
): Promise<SandboxCheckout> {
  const order = await sandboxOrder(deps, userId, reference);
  let description = "Bestellung";
  let returnPath = myAdsPath;
  if (order.purpose === "top_event" && order.eventId) {
    const [event] = await deps.db
      .select({ title: events.title })
      .from(events)
      .where(eq(events.id, order.eventId));
    description = `${TOP_EVENT_PRODUCT} „${event?.title ?? ""}“`;
    returnPath = promoteEventPath(order.eventId);
  } else if (order.adId) {
    const [ad] = await deps.db
      .select({ title: ads.title, placement: ads.placement, durationId: ads.durationId })
      .from(ads)
      .where(eq(ads.id, order.adId));
    description = ad ? `${adProductName(ad.placement, ad.durationId)} „${ad.title}“` : "Anzeige";
  }
  return {
    orderId: order.id,
    reference,
    amountCents: order.amountCents,
    description,
    status: order.status,
    returnPath,
  };
}

/**
 * The sandbox's three buttons: "Bezahlen" and "Zahlung schlägt fehl" go through the very same
 * event handling as Stripe's webhooks; "Abbrechen" cancels the unpaid order.
 */
export async function completeSandboxCheckout(
  deps: DomainDeps,
  userId: number,
  reference: string,
  outcome: SandboxOutcome,
): Promise<SandboxCheckout> {
  const order = await sandboxOrder(deps, userId, reference);
  if (order.status !== "created") {
    throw new ConflictError("Diese Bestellung ist schon abgeschlossen.");
  }
  const eventId = `sandbox_evt_${randomBytes(12).toString("hex")}`;
  if (outcome === "cancel") {
    await transitionOrder(deps.db, deps, order, "cancelled", {}, "sandbox: cancelled by buyer");
  } else if (outcome === "fail") {
    await handlePaymentEvent(deps, { kind: "failed", eventId, providerReference: reference });
  } else {
    await handlePaymentEvent(deps, {
      kind: "paid",
      eventId,
      providerReference: reference,
      paymentId: `sandbox_pay_${order.id}`,
    });
  }
  return getSandboxCheckout(deps, userId, reference);
}
