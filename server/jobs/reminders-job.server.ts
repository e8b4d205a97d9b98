import type { DomainDeps } from "#server/domain/deps.ts";
import { sendDueReminders } from "#server/domain/reminders/party-reminders.server.ts";
import { withAdvisoryLock } from "./advisory-lock.server.ts";

/** The advisory lock key of the reminder job (unique among our locks). */
const REMINDERS_JOB_LOCK_KEY = 727_022;

/** One run of the reminders that are due, by exactly one runner across all instances. */
export function runRemindersJob(
  deps: DomainDeps,
  options: Parameters<typeof sendDueReminders>[1] = {},
) {
  return withAdvisoryLock(deps.db, REMINDERS_JOB_LOCK_KEY, () => sendDueReminders(deps, options));
}
