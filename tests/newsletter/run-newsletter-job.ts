// A newsletter job run in a process of its own, for the crash test: the configuration comes from
// the environment (as at `npm start`), the clock from JOB_NOW. Prints the run's report as JSON.
import { loadConfig } from "#server/config.ts";
import { createDeps } from "#server/create-deps.ts";
import { runNewsletterJob } from "#server/jobs/newsletter-job.server.ts";

const { deps, close } = await createDeps(loadConfig(), {
  now: () => new Date(process.env.JOB_NOW!),
});
try {
  const run = await runNewsletterJob(deps);
  console.info(JSON.stringify(run));
} finally {
  await close();
}
