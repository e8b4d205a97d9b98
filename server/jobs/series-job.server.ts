import type { DomainDeps } from "#server/domain/deps.ts";
import { fillSeries } from "#server/domain/series/series-fill.server.ts";
import { withAdvisoryLock } from "./advisory-lock.server.ts";

/** The advisory lock key of the series job (unique among our locks). */
const SERIES_JOB_LOCK_KEY = 727_030;

/** One run of the series' coming parties, by exactly one runner across all instances. */
export function runSeriesJob(deps: DomainDeps) {
  return withAdvisoryLock(deps.db, SERIES_JOB_LOCK_KEY, () => fillSeries(deps));
}
