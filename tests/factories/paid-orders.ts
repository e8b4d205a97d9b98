import { paymentOrders, paymentRefunds } from "#server/db/schema/payments.ts";
import type { DomainDeps } from "#server/domain/deps.ts";

let sequence = 0;

/** A payment order as the payment flow leaves it once the money arrived (status "paid"). */
export async function createPaidOrder(
  { db }: DomainDeps,
  overrides: Partial<typeof paymentOrders.$inferInsert> & {
    userId: number;
    purpose: "top_event" | "ad";
  },
) {
  const number = ++sequence;
  const [order] = await db
    .insert(paymentOrders)
    .values({
      provider: "sandbox",
      providerReference: `test-${number}-${Date.now()}`,
      amountCents: 7500,
      status: "paid",
      idempotencyKey: `paid-order-${number}-${Date.now()}`,
      termsVersion: "test",
      expiresAt: new Date(Date.now() + 60 * 60 * 1000),
      ...overrides,
    })
    .returning();
  return order!;
}

/** A refund owed on an order, as the payment flow records it before its credit note. */
export async function createRefund(
  { db }: DomainDeps,
  values: Pick<typeof paymentRefunds.$inferInsert, "orderId" | "amountCents"> &
    Partial<typeof paymentRefunds.$inferInsert>,
) {
  const number = ++sequence;
  const [refund] = await db
    .insert(paymentRefunds)
    .values({
      reason: "Test",
      providerKey: `test-refund-${number}-${Date.now()}`,
      createdAt: new Date(),
      ...values,
    })
    .returning();
  return refund!;
}
