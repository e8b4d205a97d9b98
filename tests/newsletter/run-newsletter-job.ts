// A newsletter job run in a process of its own, for the crash test: the configuration comes from
// the environment (as at `npm start`), the clock from JOB_NOW. Prints the run's report as JSON.
import { loadConfig } from "../../server/config.ts";
import { openDatabase } from "../../server/db/open-database.server.ts";
import type { DomainDeps } from "../../server/domain/deps.ts";
import { runNewsletterJob } from "../../server/jobs/newsletter-job.server.ts";
import { createMailer } from "../../server/mail/mailer.server.ts";
import { createMediaStorage } from "../../server/storage/create-media-storage.server.ts";

const config = loadConfig();
const now = () => new Date(process.env.JOB_NOW!);
const { handle, release } = await openDatabase(config);
const mail = createMailer(config);
const deps: DomainDeps = {
  db: handle.db,
  config,
  mail,
  storage: createMediaStorage(config, now),
  now,
};
try {
  const run = await runNewsletterJob(deps);
  console.info(JSON.stringify(run));
} finally {
  await mail.close();
  await handle.close();
  release();
}
