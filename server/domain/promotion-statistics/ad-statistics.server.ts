import { and, count, eq, gte, lt } from "drizzle-orm";
import { addDays, isIsoDay } from "#common/dates.ts";
import { adClicks, adViews } from "#server/db/schema/ads.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { cityDayOf } from "#server/domain/kernel/city-day.server.ts";

/** One day of a paid period: views (visitor-days), clicks and the click-through rate. */
export interface DailyStatistics {
  day: string;
  views: number;
  clicks: number;
  /** clicks ÷ views, 0 without views. */
  ctr: number;
}

export interface PeriodStatistics {
  days: DailyStatistics[];
  views: number;
  clicks: number;
  ctr: number;
}

const ratio = (clicks: number, views: number) => (views === 0 ? 0 : clicks / views);

/** Every city day from the period's first to its last (at most the days up to today). */
export function periodDays(deps: DomainDeps, startsAt: Date, endsAt: Date): string[] {
  const first = cityDayOf(deps, startsAt);
  const last = cityDayOf(deps, new Date(Math.min(endsAt.getTime() - 1, deps.now().getTime())));
  const days: string[] = [];
  for (let day = first; day <= last && isIsoDay(day); day = addDays(day, 1)) days.push(day);
  return days;
}

/** Fills counted rows into the period's days, zeros where nothing was counted. */
export function statisticsOver(
  days: string[],
  views: Map<string, number>,
  clicks: Map<string, number>,
): PeriodStatistics {
  const daily = days.map((day) => {
    const dayViews = views.get(day) ?? 0;
    const dayClicks = clicks.get(day) ?? 0;
    return { day, views: dayViews, clicks: dayClicks, ctr: ratio(dayClicks, dayViews) };
  });
  const totalViews = daily.reduce((sum, day) => sum + day.views, 0);
  const totalClicks = daily.reduce((sum, day) => sum + day.clicks, 0);
  return {
    days: daily,
    views: totalViews,
    clicks: totalClicks,
    ctr: ratio(totalClicks, totalViews),
  };
}

/** An ad's views, clicks and CTR per day of its paid period. */
export async function adPeriodStatistics(
  deps: DomainDeps,
  ad: { id: number; startsAt: Date | null; endsAt: Date | null },
): Promise<PeriodStatistics> {
  if (!ad.startsAt || !ad.endsAt) return statisticsOver([], new Map(), new Map());
  const days = periodDays(deps, ad.startsAt, ad.endsAt);
  if (days.length === 0) return statisticsOver([], new Map(), new Map());
  const first = days[0]!;
  const afterLast = addDays(days[days.length - 1]!, 1);
  const [viewRows, clickRows] = await Promise.all([
    deps.db
      .select({ day: adViews.day, value: count() })
      .from(adViews)
      .where(and(eq(adViews.adId, ad.id), gte(adViews.day, first), lt(adViews.day, afterLast)))
      .groupBy(adViews.day),
    deps.db
      .select({ day: adClicks.day, value: count() })
      .from(adClicks)
      .where(and(eq(adClicks.adId, ad.id), gte(adClicks.day, first), lt(adClicks.day, afterLast)))
      .groupBy(adClicks.day),
  ]);
  return statisticsOver(
    days,
    new Map(viewRows.map((row) => [row.day, row.value])),
    new Map(clickRows.map((row) => [row.day, row.value])),
  );
}
