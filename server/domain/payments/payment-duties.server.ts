import { and, eq, inArray, isNull, lte } from "drizzle-orm";
import { myAdsPath, promoteEventPath } from "#common/urls.ts";
import { ads } from "#server/db/schema/ads.ts";
import { events } from "#server/db/schema/events.ts";
import { paymentOrders } from "#server/db/schema/payments.ts";
import { users } from "#server/db/schema/users.ts";
import { adPeriodStatistics } from "#server/domain/promotion-statistics/ad-statistics.server.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { refundOrder, settlePaidOrders } from "./fulfilment.server.ts";
import { transitionOrder } from "./orders.server.ts";
import { payOutRefunds } from "./refunds.server.ts";
import { cutTopEventsToTheirParties } from "./top-event-refunds.server.ts";
import { topEventPeriodStatistics } from "#server/domain/promotion-statistics/top-event-statistics.server.ts";
import {
  adStatisticsTable,
  statisticsMail,
  topEventStatisticsTable,
} from "./statistics-mail.server.ts";

export interface PaymentDutiesReport {
  ordersExpired: number;
  ordersSettled: number;
  rejectedAdsRefunded: number;
  topEventsCut: number;
  adsEnded: number;
  topEventsEnded: number;
  refundsPaidOut: number;
}

/** Unpaid orders past their time expire (a payment arriving later is still recorded). */
async function expireUnpaidOrders(deps: DomainDeps): Promise<number> {
  const due = await deps.db
    .select({ id: paymentOrders.id, status: paymentOrders.status })
    .from(paymentOrders)
    .where(and(eq(paymentOrders.status, "created"), lte(paymentOrders.expiresAt, deps.now())));
  let expired = 0;
  for (const order of due) {
    if (await transitionOrder(deps.db, deps, order, "expired", {}, "unpaid in time")) expired++;
  }
  return expired;
}

/** A rejected ad whose refund did not go through yet (the provider was down) gets it now. */
async function refundRejectedAds(deps: DomainDeps): Promise<number> {
  const owed = await deps.db
    .select({ id: paymentOrders.id })
    .from(paymentOrders)
    .innerJoin(ads, eq(ads.id, paymentOrders.adId))
    .where(and(eq(paymentOrders.status, "fulfilled"), eq(ads.status, "rejected")));
  let refunded = 0;
  for (const order of owed) {
    if (await refundOrder(deps, order.id, "Anzeige abgelehnt", "ad rejected")) refunded++;
  }
  return refunded;
}

/** Ads whose period is over: marked expired, their owner gets the statistics (once). */
async function endAds(deps: DomainDeps): Promise<number> {
  const ended = await deps.db
    .update(ads)
    .set({ status: "expired", updatedAt: deps.now() })
    .where(and(eq(ads.status, "active"), lte(ads.endsAt, deps.now())))
    .returning();
  for (const ad of ended) {
    const [owner] = await deps.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, ad.ownerId));
    if (!owner) continue;
    await deps.mail.send(
      await statisticsMail(
        deps,
        owner.email,
        {
          subject: `Deine Anzeige „${ad.title}“ ist abgelaufen – so lief sie`,
          intro: `Der gebuchte Zeitraum Deiner Anzeige „${ad.title}“ ist vorbei. So oft wurde sie gesehen und angeklickt:`,
          linkPath: myAdsPath,
        },
        adStatisticsTable(await adPeriodStatistics(deps, ad)),
      ),
    );
  }
  return ended.length;
}

/** Top-event periods that are over: the buyer gets the period's numbers (once). */
async function endTopEvents(deps: DomainDeps): Promise<number> {
  const ended = await deps.db
    .update(paymentOrders)
    .set({ statisticsMailedAt: deps.now() })
    .where(
      and(
        eq(paymentOrders.purpose, "top_event"),
        inArray(paymentOrders.status, ["fulfilled"]),
        lte(paymentOrders.periodEndsAt, deps.now()),
        isNull(paymentOrders.statisticsMailedAt),
      ),
    )
    .returning();
  for (const order of ended) {
    if (!order.userId || !order.eventId || !order.periodStartsAt || !order.periodEndsAt) continue;
    const [row] = await deps.db
      .select({ email: users.email, title: events.title })
      .from(users)
      .innerJoin(events, eq(events.id, order.eventId))
      .where(eq(users.id, order.userId));
    if (!row) continue;
    const statistics = await topEventPeriodStatistics(deps, order.eventId, {
      startsAt: order.periodStartsAt,
      endsAt: order.periodEndsAt,
    });
    await deps.mail.send(
      await statisticsMail(
        deps,
        row.email,
        {
          subject: `„${row.title}“ ist kein Top-Event mehr – so lief es`,
          intro: `Der gebuchte Zeitraum als Top-Event für „${row.title}“ ist vorbei. So oft wurde sie in den Listen gezeigt und angeklickt, und so oft wurde ihre Partyseite aufgerufen:`,
          linkPath: promoteEventPath(order.eventId),
        },
        topEventStatisticsTable(statistics),
      ),
    );
  }
  return ended.length;
}

/**
 * The payments job's duties, each safe to repeat: expire unpaid orders, settle paid ones left
 * by a crash, finish refunds of rejected ads, cut top events back to their parties (decision
 * 0210), end ad and top-event periods with their mails, and pay out owed refunds — last, as a
 * provider that fails there throws (to the job's log) after the other duties ran.
 */
export async function runPaymentDuties(deps: DomainDeps): Promise<PaymentDutiesReport> {
  const ordersExpired = await expireUnpaidOrders(deps);
  const ordersSettled = (await settlePaidOrders(deps)).length;
  const rejectedAdsRefunded = await refundRejectedAds(deps);
  const topEventsCut = await cutTopEventsToTheirParties(deps);
  const adsEnded = await endAds(deps);
  const topEventsEnded = await endTopEvents(deps);
  const refundsPaidOut = await payOutRefunds(deps);
  return {
    ordersExpired,
    ordersSettled,
    rejectedAdsRefunded,
    topEventsCut,
    adsEnded,
    topEventsEnded,
    refundsPaidOut,
  };
}
