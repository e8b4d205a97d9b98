import { partyNightEnd } from "#common/dates.ts";
import { and, eq, gt, sql } from "drizzle-orm";
import { events } from "#server/db/schema/events.ts";
import { paymentOrders } from "#server/db/schema/payments.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { lockOrder, transitionOrder } from "./orders.server.ts";
import { recordRefund, refundedCents } from "./refunds.server.ts";
import { keptCents } from "./top-event-cover.ts";

/** Where a running top-event period has to end now, and why, in the credit note's words. */
type Cut = { at: Date; reason: string };

function cutOf(deps: DomainDeps, event: { startsAt: Date; status: string } | null, now: Date): Cut {
  if (!event) return { at: now, reason: "Party gelöscht" };
  if (event.status === "cancelled") return { at: now, reason: "Party abgesagt" };
  return {
    at: partyNightEnd(event.startsAt, deps.config.city.timeZone),
    reason: "Zeitraum nach dem Ende der Partynacht",
  };
}

/**
 * Cuts one order's paid period at `cut.at` and gives back what the part cut off is worth, by
 * time (`keptCents`), with a credit note — all of the rest, and the order `refunded`, when
 * nothing of the period was used. The party's top period ends at the cut as well.
 */
async function cutOrder(deps: DomainDeps, orderId: number, cut: Cut): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    const { periodStartsAt: startsAt, periodEndsAt: endsAt } = order;
    if (order.status !== "fulfilled" || !startsAt || !endsAt || endsAt <= cut.at) return false;
    const remaining = order.amountCents - (await refundedCents(tx, orderId));
    const kept = keptCents(remaining, { startsAt, endsAt }, cut.at);
    const note = `top event cut at ${cut.at.toISOString()}: ${cut.reason}`;
    if (kept === 0) {
      await transitionOrder(tx, deps, order, "refunded", {}, note);
    } else {
      const entry = { at: deps.now().toISOString(), status: order.status, note };
      await tx
        .update(paymentOrders)
        .set({
          periodEndsAt: cut.at,
          updatedAt: deps.now(),
          history: sql`${paymentOrders.history} || ${JSON.stringify([entry])}::jsonb`,
        })
        .where(eq(paymentOrders.id, orderId));
    }
    await recordRefund(tx, deps, order, {
      amountCents: remaining - kept,
      reason: cut.reason,
      period: { startsAt: kept === 0 ? startsAt : cut.at, endsAt },
    });
    if (order.eventId) {
      await tx
        .update(events)
        .set({ topUntil: cut.at, updatedAt: deps.now() })
        .where(and(eq(events.id, order.eventId), gt(events.topUntil, cut.at)));
    }
    return true;
  });
}

/**
 * A top event covers its party and nothing after it (decision 0210). A paid period still
 * running past the end of its party's night (the party was moved earlier) or past now (the
 * party was cancelled or deleted) is cut there, and the part cut off refunded pro rata with a
 * credit note (in full when none of it was used); pay the refunds out with `payOutRefunds`.
 * Moving a party later extends nothing: its owner sees the gap and can buy the rest. Run by the
 * payments job; safe to repeat. Answers how many orders were cut.
 */
export async function cutTopEventsToTheirParties(deps: DomainDeps): Promise<number> {
  const now = deps.now();
  const running = await deps.db
    .select({
      orderId: paymentOrders.id,
      periodEndsAt: paymentOrders.periodEndsAt,
      event: { startsAt: events.startsAt, status: events.status },
    })
    .from(paymentOrders)
    .leftJoin(events, eq(events.id, paymentOrders.eventId))
    .where(
      and(
        eq(paymentOrders.purpose, "top_event"),
        eq(paymentOrders.status, "fulfilled"),
        gt(paymentOrders.periodEndsAt, now),
      ),
    )
    .orderBy(paymentOrders.id);
  let cutOrders = 0;
  for (const row of running) {
    const cut = cutOf(deps, row.event, now);
    if (row.periodEndsAt && cut.at < row.periodEndsAt && (await cutOrder(deps, row.orderId, cut))) {
      cutOrders++;
    }
  }
  return cutOrders;
}
