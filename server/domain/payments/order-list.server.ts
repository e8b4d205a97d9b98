import { count, desc, eq } from "drizzle-orm";
import { paymentOrders } from "#server/db/schema/payments.ts";
import { users } from "#server/db/schema/users.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { offsetOf, type Page, type PageRequest } from "#server/domain/paging.ts";
import type { OrderRow } from "./orders.server.ts";

export interface OrderSummary {
  id: number;
  purpose: OrderRow["purpose"];
  status: OrderRow["status"];
  amountCents: number;
  provider: string;
  buyerEmail: string | null;
  eventId: number | null;
  adId: number | null;
  termsVersion: string;
  createdAt: Date;
  history: OrderRow["history"];
}

/** Every order, newest first, with its state history (the admins' payments list). */
export async function listOrders(
  deps: DomainDeps,
  request: PageRequest,
): Promise<Page<OrderSummary>> {
  const [rows, [total]] = await Promise.all([
    deps.db
      .select({
        id: paymentOrders.id,
        purpose: paymentOrders.purpose,
        status: paymentOrders.status,
        amountCents: paymentOrders.amountCents,
        provider: paymentOrders.provider,
        buyerEmail: users.email,
        eventId: paymentOrders.eventId,
        adId: paymentOrders.adId,
        termsVersion: paymentOrders.termsVersion,
        createdAt: paymentOrders.createdAt,
        history: paymentOrders.history,
      })
      .from(paymentOrders)
      .leftJoin(users, eq(users.id, paymentOrders.userId))
      .orderBy(desc(paymentOrders.createdAt), desc(paymentOrders.id))
      .limit(request.pageSize)
      .offset(offsetOf(request)),
    deps.db.select({ value: count() }).from(paymentOrders),
  ]);
  return { count: total?.value ?? 0, page: request.page, pageSize: request.pageSize, items: rows };
}
