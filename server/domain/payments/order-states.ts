import type { paymentOrders } from "#server/db/schema/payments.ts";

export type OrderStatus = (typeof paymentOrders.status.enumValues)[number];

/**
 * The order's state machine (decision 0062). `pending`: checkout done, money on its way (SEPA).
 * A payment that arrives after `expired`, `cancelled` or `failed` is still recorded (`paid`) and
 * then fulfilled or refunded, never dropped.
 */
const allowedTransitions: Record<OrderStatus, readonly OrderStatus[]> = {
  created: ["pending", "paid", "failed", "cancelled", "expired"],
  pending: ["paid", "failed"],
  paid: ["fulfilled", "refunded"],
  fulfilled: ["refunded"],
  failed: ["paid"],
  cancelled: ["paid"],
  expired: ["paid"],
  refunded: [],
};

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return allowedTransitions[from].includes(to);
}

/** Unpaid orders close after this long (Stripe's shortest checkout lifetime is 30 minutes). */
export const ORDER_LIFETIME_MS = 60 * 60 * 1000;
