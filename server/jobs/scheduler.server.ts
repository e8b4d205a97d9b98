import { Cron } from "croner";
import type { FastifyBaseLogger } from "fastify";
import { sendOwedBillingMails } from "#server/domain/billing/billing-mails.server.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { deliverPendingPushNotices } from "#server/domain/follows/party-alerts.server.ts";
import { removeOrphanedFlyers } from "#server/domain/uploads/orphaned-flyers.server.ts";
import { runChangeAlertsJob } from "./change-alerts-job.server.ts";
import { runImportSourcesJob } from "./import-sources-job.server.ts";
import { runNewsletterJob } from "./newsletter-job.server.ts";
import { runPaymentsJob } from "./payments-job.server.ts";
import { runPublicationJob } from "./publication-job.server.ts";
import { runRemindersJob } from "./reminders-job.server.ts";
import { runSeriesJob } from "./series-job.server.ts";

export interface Scheduler {
  /** Stops the clock and waits for a running job to finish its mails in flight. */
  stop: () => Promise<void>;
}

/**
 * The in-process clock (croner, in the city's time zone): the newsletter job, the payments job
 * (expiry, settling paid orders left by a crash, period ends) and the change alerts of saved
 * parties (decision 0185), their reminders (decisions 0222, 0224) and the coming parties of the
 * series (decision 0230) and the parties due to be published (decision 0236) every minute and
 * once at start; the
 * clean-up of orphaned flyer uploads and ended counters every hour. Each run decides from `deps.now()` what is due (the Thursday issue, resuming a send,
 * owed confirmation mails, expired sign-ups) and takes the job's advisory lock, so with several
 * instances exactly one works. Then the invoice mails still owed go out (documents whose mail
 * was interrupted); each document is claimed before sending, so instances never send one twice.
 * Calendar sources (decision 0233) run on a clock of their own, every minute under their own
 * advisory lock, so a slow feed never holds up the mails.
 */
export function startScheduler(deps: DomainDeps, log: FastifyBaseLogger): Scheduler {
  const stopping = new AbortController();
  let running: Promise<void> | undefined;

  const tick = async () => {
    if (running || stopping.signal.aborted) return;
    const newsletter = runNewsletterJob(deps, { signal: stopping.signal })
      .then((run) => {
        if (!run.ran) return;
        const report = run.result;
        const busy =
          report.expiredSignupsDeleted > 0 ||
          report.confirmationMailsSent > 0 ||
          report.issues.length > 0;
        if (busy) log.info({ newsletter: report }, "newsletter job");
      })
      .catch((error: unknown) => log.error({ err: error }, "newsletter job failed"));
    const payments = runPaymentsJob(deps)
      .then((run) => {
        if (!run.ran) return;
        if (Object.values(run.result).some((done) => done > 0)) {
          log.info({ payments: run.result }, "payments job");
        }
      })
      .catch((error: unknown) => log.error({ err: error }, "payments job failed"));
    const changeAlerts = runChangeAlertsJob(deps, {
      signal: stopping.signal,
      onError: (error, eventId) => log.warn({ err: error, eventId }, "change alert mail failed"),
    })
      .then((run) => {
        if (run.ran && run.result.alerts > 0)
          log.info({ changeAlerts: run.result }, "change alerts");
      })
      .catch((error: unknown) => log.error({ err: error }, "change alerts job failed"));
    const reminders = runRemindersJob(deps, {
      signal: stopping.signal,
      onError: (error, eventId) => log.warn({ err: error, eventId }, "reminder mail failed"),
    })
      .then((run) => {
        if (run.ran && run.result.mails + run.result.failed + run.result.pushes > 0)
          log.info({ reminders: run.result }, "reminders");
      })
      .catch((error: unknown) => log.error({ err: error }, "reminders job failed"));
    const series = runSeriesJob(deps)
      .then((run) => {
        if (run.ran && run.result.created + run.result.skipped > 0)
          log.info({ series: run.result }, "series parties");
      })
      .catch((error: unknown) => log.error({ err: error }, "series job failed"));
    const publication = runPublicationJob(deps)
      .then((run) => {
        if (run.ran && run.result.published > 0)
          log.info({ publication: run.result }, "scheduled parties published");
      })
      .catch((error: unknown) => log.error({ err: error }, "publication job failed"));
    // Party alerts a crash or restart left queued (decision 0187); claimed ones are never resent.
    const pushes = deliverPendingPushNotices(deps)
      .then((count) => {
        if (count.sent + count.failed + count.removed > 0)
          log.info({ pushes: count }, "party alerts");
      })
      .catch((error: unknown) => log.error({ err: error }, "party alerts failed"));
    running = Promise.all([
      newsletter,
      payments,
      changeAlerts,
      reminders,
      series,
      publication,
      pushes,
    ])
      .then(() => sendOwedBillingMails(deps))
      .then((sent) => {
        if (sent > 0) log.info({ billingMails: sent }, "billing mails");
      })
      .catch((error: unknown) => log.error({ err: error }, "billing mails failed"))
      .finally(() => {
        running = undefined;
      });
    await running;
  };

  const cron = new Cron("* * * * *", { timezone: deps.config.city.timeZone, protect: true }, tick);
  void tick();
  let importing: Promise<void> | undefined;
  const imports = new Cron(
    "* * * * *",
    { timezone: deps.config.city.timeZone, protect: true },
    async () => {
      importing = runImportSourcesJob(deps, {
        signal: stopping.signal,
        onError: (error, sourceId) => log.warn({ err: error, sourceId }, "calendar source failed"),
      })
        .then((run) => {
          if (run.ran && run.result.sources > 0)
            log.info({ imports: run.result }, "calendar sources");
        })
        .catch((error: unknown) => log.error({ err: error }, "calendar sources job failed"))
        .finally(() => {
          importing = undefined;
        });
      await importing;
    },
  );
  // Hourly: flyers uploaded a day ago that no event took, and counters whose window ended
  // (each instance may do it: idempotent).
  const cleanUp = new Cron(
    "17 * * * *",
    { timezone: deps.config.city.timeZone, protect: true },
    async () => {
      await removeOrphanedFlyers(deps).catch((error: unknown) =>
        log.error({ err: error }, "removing orphaned flyers failed"),
      );
      await deps.counters
        .sweep(deps.now())
        .catch((error: unknown) => log.error({ err: error }, "sweeping counters failed"));
    },
  );
  return {
    stop: async () => {
      cron.stop();
      cleanUp.stop();
      imports.stop();
      stopping.abort();
      await Promise.all([running, importing]);
    },
  };
}
