import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "#server/db/client.server.ts";
import { paymentOrders } from "#server/db/schema/payments.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { NotFoundError } from "#server/domain/errors.ts";
import { canTransition, ORDER_LIFETIME_MS, type OrderStatus } from "./order-states.ts";

export type OrderRow = typeof paymentOrders.$inferSelect;

/** What an order is for and what it costs; the amount is always computed by the server. */
export interface OrderDraft {
  userId: number;
  purpose: OrderRow["purpose"];
  eventId?: number;
  amountCents: number;
  /** Top events: the planned end of the period (the end of the party's night). */
  periodEndsAt?: Date;
  /** The buyer's name and postal address for the invoice. */
  billingName: string | null;
  billingAddress: string | null;
  termsVersion: string;
  /** The form's key: the same key twice (a double click) is the same order. */
  orderKey: string | undefined;
}

/** The key an order is unique by: per user, from the form's key (or a fresh one). */
export const idempotencyKeyOf = (userId: number, orderKey: string | undefined) =>
  `u${userId}:${orderKey ?? randomUUID()}`;

/**
 * Inserts the order unless one with the same key exists; answers the order and whether it is
 * new. Runs inside the caller's transaction (an ad booking inserts its ad in the same one).
 */
export async function insertOrder(
  db: Database,
  deps: DomainDeps,
  draft: OrderDraft,
): Promise<{ order: OrderRow; created: boolean }> {
  const now = deps.now();
  const idempotencyKey = idempotencyKeyOf(draft.userId, draft.orderKey);
  const [inserted] = await db
    .insert(paymentOrders)
    .values({
      userId: draft.userId,
      provider: deps.payments.name,
      purpose: draft.purpose,
      eventId: draft.eventId ?? null,
      amountCents: draft.amountCents,
      periodEndsAt: draft.periodEndsAt ?? null,
      billingName: draft.billingName,
      billingAddress: draft.billingAddress,
      currency: "EUR",
      status: "created",
      termsVersion: draft.termsVersion,
      expiresAt: new Date(now.getTime() + ORDER_LIFETIME_MS),
      idempotencyKey,
      history: [{ at: now.toISOString(), status: "created" }],
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: paymentOrders.idempotencyKey })
    .returning();
  if (inserted) return { order: inserted, created: true };
  const [existing] = await db
    .select()
    .from(paymentOrders)
    .where(eq(paymentOrders.idempotencyKey, idempotencyKey));
  if (!existing) throw new Error(`Order with key ${idempotencyKey} vanished`);
  return { order: existing, created: false };
}

/**
 * Opens the provider's checkout for an order (once: a repeated call answers the same page; the
 * provider call itself is idempotent by order id, so a crash in between is harmless).
 */
export async function ensureCheckout(
  deps: DomainDeps,
  order: OrderRow,
  checkout: { description: string; customerEmail: string | null; returnPath: string },
): Promise<string> {
  if (order.checkoutUrl) return order.checkoutUrl;
  const { publicUrl } = deps.config;
  const opened = await deps.payments.createCheckout({
    orderId: order.id,
    amountCents: order.amountCents,
    currency: order.currency,
    description: checkout.description,
    customerEmail: checkout.customerEmail,
    expiresAt: order.expiresAt,
    successUrl: `${publicUrl}${checkout.returnPath}?bestellung=${order.id}`,
    cancelUrl: `${publicUrl}${checkout.returnPath}?bestellung=${order.id}&abgebrochen=1`,
  });
  await deps.db
    .update(paymentOrders)
    .set({
      providerReference: opened.providerReference,
      checkoutUrl: opened.checkoutUrl,
      updatedAt: deps.now(),
    })
    .where(eq(paymentOrders.id, order.id));
  return opened.checkoutUrl;
}

/**
 * Moves an order to `to` if the state machine allows it and nobody moved it meanwhile; the
 * transition is appended to its history with the time. Answers whether it moved.
 */
export async function transitionOrder(
  db: Database,
  deps: DomainDeps,
  order: Pick<OrderRow, "id" | "status">,
  to: OrderStatus,
  changes: Partial<Pick<OrderRow, "providerPaymentId" | "periodStartsAt" | "periodEndsAt">> = {},
  note?: string,
): Promise<boolean> {
  if (!canTransition(order.status, to)) return false;
  const now = deps.now();
  const entry = { at: now.toISOString(), status: to, ...(note ? { note } : {}) };
  const moved = await db
    .update(paymentOrders)
    .set({
      ...changes,
      status: to,
      updatedAt: now,
      history: sql`${paymentOrders.history} || ${JSON.stringify([entry])}::jsonb`,
    })
    .where(and(eq(paymentOrders.id, order.id), eq(paymentOrders.status, order.status)))
    .returning({ id: paymentOrders.id });
  return moved.length > 0;
}

/** The order, locked for the rest of the transaction. */
export async function lockOrder(db: Database, orderId: number): Promise<OrderRow> {
  const [order] = await db
    .select()
    .from(paymentOrders)
    .where(eq(paymentOrders.id, orderId))
    .for("update");
  if (!order) throw new NotFoundError("Diese Bestellung gibt es nicht.");
  return order;
}

/** One of the user's own orders (someone else's is "not found", never "forbidden"). */
export async function ownOrder(deps: DomainDeps, userId: number, orderId: number) {
  const [order] = await deps.db
    .select()
    .from(paymentOrders)
    .where(and(eq(paymentOrders.id, orderId), eq(paymentOrders.userId, userId)));
  if (!order) throw new NotFoundError("Diese Bestellung gibt es nicht.");
  return order;
}
