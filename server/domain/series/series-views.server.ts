import { eq } from "drizzle-orm";
import { describeRule } from "#common/series-rule.ts";
import type { SeriesFormState } from "#common/schemas/series.ts";
import { eventSeries } from "#server/db/schema/events.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { ruleOf } from "./series-rows.server.ts";

export interface SeriesSummary {
  id: number;
  state: "active" | "paused" | "ended";
  /** "Jeden Freitag, 23:00 Uhr, bis 31.12.2026" */
  description: string;
  /** The form's repeat fields as the series has them. */
  values: Required<Omit<SeriesFormState, "series_scope">>;
}

function germanDay(day: string): string {
  const [year, month, date] = day.split("-");
  return `${date}.${month}.${year}`;
}

/** A series as the edit page of one of its parties shows it (the page checked the access). */
export async function seriesSummary(deps: DomainDeps, seriesId: number): Promise<SeriesSummary> {
  const [series] = await deps.db.select().from(eventSeries).where(eq(eventSeries.id, seriesId));
  const rule = ruleOf(series!);
  const until = rule.untilDay === null ? "" : `, bis ${germanDay(rule.untilDay)}`;
  return {
    id: series!.id,
    state: series!.state,
    description: `${describeRule(rule)}, ${series!.startTime} Uhr${until}`,
    values: {
      repeat: rule.frequency,
      repeat_week: rule.monthWeek ?? "",
      repeat_until: rule.untilDay ?? "",
    },
  };
}
