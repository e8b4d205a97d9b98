import { Cron } from "croner";
import type { FastifyBaseLogger } from "fastify";
import type { DomainDeps } from "#server/domain/deps.ts";
import { runNewsletterJob } from "./newsletter-job.server.ts";

export interface Scheduler {
  /** Stops the clock and waits for a running job to finish its mails in flight. */
  stop: () => Promise<void>;
}

/**
 * The in-process clock (croner, in the city's time zone): the newsletter job every minute and once
 * at start. Each run decides from `deps.now()` what is due (the Thursday issue, resuming a send,
 * owed confirmation mails, expired sign-ups) and takes the job's advisory lock, so with several
 * instances exactly one works.
 */
export function startScheduler(deps: DomainDeps, log: FastifyBaseLogger): Scheduler {
  const stopping = new AbortController();
  let running: Promise<void> | undefined;

  const tick = async () => {
    if (running || stopping.signal.aborted) return;
    running = runNewsletterJob(deps, { signal: stopping.signal })
      .then((run) => {
        if (!run.ran) return;
        const report = run.result;
        const busy =
          report.expiredSignupsDeleted > 0 ||
          report.confirmationMailsSent > 0 ||
          report.issues.length > 0;
        if (busy) log.info({ newsletter: report }, "newsletter job");
      })
      .catch((error: unknown) => log.error({ err: error }, "newsletter job failed"))
      .finally(() => {
        running = undefined;
      });
    await running;
  };

  const cron = new Cron("* * * * *", { timezone: deps.config.city.timeZone, protect: true }, tick);
  void tick();
  return {
    stop: async () => {
      cron.stop();
      stopping.abort();
      await running;
    },
  };
}
