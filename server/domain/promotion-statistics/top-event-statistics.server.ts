import { and, count, desc, eq, gte, lt } from "drizzle-orm";
import { addDays } from "#common/dates.ts";
import { eventViews, topEventCounts } from "#server/db/schema/events.ts";
import { paymentOrders } from "#server/db/schema/payments.ts";
import {
  periodDays,
  statisticsOver,
  type DailyStatistics,
  type PeriodStatistics,
} from "./ad-statistics.server.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { loadManagedEvent } from "#server/domain/events/event-ownership.server.ts";
import type { Actor } from "#server/domain/kernel/actor.ts";
import type { TopEventCountKind } from "#server/domain/events/top-event-counts.server.ts";

/** One day of a top-event period: card impressions, clicks, CTR and party-page views. */
export interface TopEventDay extends DailyStatistics {
  pageViews: number;
}

/**
 * A top event's period: `views` are the card's impressions in listings, `clicks` the visitors
 * who followed it, `ctr` clicks ÷ impressions, and `pageViews` the party page's views however
 * the visitor came (decision 0064).
 */
export interface TopEventStatistics extends PeriodStatistics {
  days: TopEventDay[];
  pageViews: number;
}

/** A top event's impressions, clicks, CTR and page views per day of its promoted period. */
export async function topEventPeriodStatistics(
  deps: DomainDeps,
  eventId: number,
  period: { startsAt: Date; endsAt: Date },
): Promise<TopEventStatistics> {
  const days = periodDays(deps, period.startsAt, period.endsAt);
  if (days.length === 0) return { days: [], views: 0, clicks: 0, ctr: 0, pageViews: 0 };
  const first = days[0]!;
  const afterLast = addDays(days[days.length - 1]!, 1);
  const [viewRows, countRows] = await Promise.all([
    deps.db
      .select({ day: eventViews.day, value: count() })
      .from(eventViews)
      .where(
        and(
          eq(eventViews.eventId, eventId),
          gte(eventViews.day, first),
          lt(eventViews.day, afterLast),
        ),
      )
      .groupBy(eventViews.day),
    deps.db
      .select({ day: topEventCounts.day, kind: topEventCounts.kind, value: count() })
      .from(topEventCounts)
      .where(
        and(
          eq(topEventCounts.eventId, eventId),
          gte(topEventCounts.day, first),
          lt(topEventCounts.day, afterLast),
        ),
      )
      .groupBy(topEventCounts.day, topEventCounts.kind),
  ]);
  const perDay = (kind: TopEventCountKind) =>
    new Map(countRows.filter((row) => row.kind === kind).map((row) => [row.day, row.value]));
  const pageViews = new Map(viewRows.map((row) => [row.day, row.value]));
  const statistics = statisticsOver(days, perDay("impression"), perDay("click"));
  return {
    ...statistics,
    days: statistics.days.map((day) => ({ ...day, pageViews: pageViews.get(day.day) ?? 0 })),
    pageViews: viewRows.reduce((sum, row) => sum + row.value, 0),
  };
}

export interface TopEventPromotion {
  orderId: number;
  startsAt: Date;
  endsAt: Date;
  statistics: TopEventStatistics;
}

/** The paid top-event periods of one of the actor's parties, newest first, with their numbers. */
export async function topEventPromotions(
  deps: DomainDeps,
  actor: Actor,
  eventId: number,
): Promise<TopEventPromotion[]> {
  await loadManagedEvent(deps, actor, eventId, "promotion-statistics");
  const orders = await deps.db
    .select({
      id: paymentOrders.id,
      startsAt: paymentOrders.periodStartsAt,
      endsAt: paymentOrders.periodEndsAt,
    })
    .from(paymentOrders)
    .where(
      and(
        eq(paymentOrders.eventId, eventId),
        eq(paymentOrders.purpose, "top_event"),
        eq(paymentOrders.status, "fulfilled"),
      ),
    )
    .orderBy(desc(paymentOrders.periodStartsAt));
  const promotions: TopEventPromotion[] = [];
  for (const order of orders) {
    if (!order.startsAt || !order.endsAt) continue;
    const period = { startsAt: order.startsAt, endsAt: order.endsAt };
    promotions.push({
      orderId: order.id,
      ...period,
      statistics: await topEventPeriodStatistics(deps, eventId, period),
    });
  }
  return promotions;
}
