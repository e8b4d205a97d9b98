import { sendDueChangeAlerts } from "#server/domain/change-alerts/change-alerts.server.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { withAdvisoryLock } from "./advisory-lock.server.ts";

/** The advisory lock key of the change-alert job (unique among our locks). */
const CHANGE_ALERTS_JOB_LOCK_KEY = 727_018;

/** One run of the change alerts that are due, by exactly one runner across all instances. */
export function runChangeAlertsJob(
  deps: DomainDeps,
  options: Parameters<typeof sendDueChangeAlerts>[1] = {},
) {
  return withAdvisoryLock(deps.db, CHANGE_ALERTS_JOB_LOCK_KEY, () =>
    sendDueChangeAlerts(deps, options),
  );
}
