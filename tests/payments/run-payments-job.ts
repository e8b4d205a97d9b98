// The payments job in a process of its own, as at every start: configuration from the
// environment, the clock from JOB_NOW. Prints the run's report as JSON.
import { loadConfig } from "#server/config.ts";
import { createDeps } from "#server/create-deps.ts";
import { runPaymentsJob } from "#server/jobs/payments-job.server.ts";

const { deps, close } = await createDeps(loadConfig(), {
  now: () => new Date(process.env.JOB_NOW!),
});
try {
  console.info(JSON.stringify(await runPaymentsJob(deps)));
} finally {
  await close();
}
