import { paymentOrders } from "#server/db/schema/payments.ts";
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
