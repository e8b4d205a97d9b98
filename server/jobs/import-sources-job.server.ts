import type { DomainDeps } from "#server/domain/deps.ts";
import { syncDueSources } from "#server/domain/imports/import-sources.server.ts";
import { withAdvisoryLock } from "./advisory-lock.server.ts";

/** The advisory lock key of the calendar sources job (unique among our locks). */
const IMPORT_SOURCES_JOB_LOCK_KEY = 727_033;

/** One run over the calendar sources that are due (decision 0233), by one runner of all. */
export function runImportSourcesJob(
  deps: DomainDeps,
  options: Parameters<typeof syncDueSources>[1] = {},
) {
  return withAdvisoryLock(deps.db, IMPORT_SOURCES_JOB_LOCK_KEY, () =>
    syncDueSources(deps, options),
  );
}
