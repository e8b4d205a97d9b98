import type { DomainDeps } from "#server/domain/deps.ts";
import { deliverPendingPushNotices } from "#server/domain/follows/party-alerts.server.ts";
import { queueDuePushReminders } from "#server/domain/reminders/party-push-reminders.server.ts";
import { sendDueReminders } from "#server/domain/reminders/party-reminders.server.ts";
import { withAdvisoryLock } from "./advisory-lock.server.ts";

/** The advisory lock key of the reminder job (unique among our locks). */
const REMINDERS_JOB_LOCK_KEY = 727_022;

/**
 * One run of the reminders that are due, by exactly one runner across all instances: the mails
 * to accounts (decision 0222), then the pushes to browsers without an account, queued in the push
 * outbox and sent with whatever else it holds (decision 0224). `pushes`: reminders queued.
 */
export function runRemindersJob(
  deps: DomainDeps,
  options: Parameters<typeof sendDueReminders>[1] = {},
) {
  return withAdvisoryLock(deps.db, REMINDERS_JOB_LOCK_KEY, async () => {
    const mailed = await sendDueReminders(deps, options);
    const pushes = await queueDuePushReminders(deps, options);
    if (pushes > 0) await deliverPendingPushNotices(deps);
    return { ...mailed, pushes };
  });
}
