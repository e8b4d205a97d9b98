// One Thursday issue to 20,000 confirmed subscribers through a local SMTP server (a child process,
// so its memory is not counted), on a fresh embedded database: time and peak memory of the job.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { count, eq } from "drizzle-orm";
import { buildConfig, parseEnv } from "#server/config.ts";
import { createDeps } from "#server/create-deps.ts";
import { events } from "#server/db/schema/events.ts";
import { newsletterSends, newsletterSubscribers } from "#server/db/schema/newsletter.ts";
import { runNewsletterJob } from "#server/jobs/newsletter-job.server.ts";

const subscribers = Number(process.env.BENCH_SUBSCRIBERS ?? 20_000);
const thursdayNoon = new Date("2026-11-26T11:00:00Z");

/** An SMTP server in its own process that accepts everything and counts it. */
const sinkCode = `
  import { SMTPServer } from "smtp-server";
  let received = 0;
  const server = new SMTPServer({ authOptional: true, disabledCommands: ["STARTTLS"], logger: false,
    onData(stream, _session, callback) { stream.resume(); stream.on("end", () => { received++; callback(); }); } });
  server.listen(0, "127.0.0.1", () => console.log("port " + server.server.address().port));
  process.stdin.on("data", () => console.log("received " + received));
`;
const sink = spawn(process.execPath, ["--input-type=module", "-e", sinkCode], {
  stdio: ["pipe", "pipe", "inherit"],
});
const sinkLines = createInterface({ input: sink.stdout! });
const nextLine = () => new Promise<string>((resolve) => sinkLines.once("line", resolve));
const port = Number((await nextLine()).replace("port ", ""));

const dataDir = mkdtempSync(path.join(os.tmpdir(), "clubkalender-bench-newsletter-"));
const config = buildConfig(
  parseEnv({
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    SMTP_URL: `smtp://127.0.0.1:${port}/?pool=true&maxConnections=5`,
    NEWSLETTER_MAILS_PER_SECOND: "0",
    NEWSLETTER_BATCH_SIZE: "50",
  }),
);
const { deps, database: handle, close } = await createDeps(config, { now: () => thursdayNoon });
try {
  await handle.migrate();
  await handle.db.insert(events).values(
    Array.from({ length: 40 }, (_, index) => ({
      title: `Party ${index + 1}`,
      slug: `party-${index + 1}`,
      status: "published" as const,
      startsAt: new Date(Date.UTC(2026, 10, 27 + (index % 3), 21, index)),
      flyerPath: `flyers/party-${index + 1}.webp`,
    })),
  );
  for (let start = 0; start < subscribers; start += 2_000) {
    const size = Math.min(2_000, subscribers - start);
    await handle.db.insert(newsletterSubscribers).values(
      Array.from({ length: size }, (_, index) => ({
        email: `abonnentin${start + index}@example.org`,
        status: "confirmed" as const,
        consent: {
          signedUpAt: "2026-11-01T10:00:00Z",
          ip: null,
          userAgent: null,
          form: "page",
          wordingVersion: "bench",
        },
      })),
    );
  }

  const rssBefore = process.memoryUsage.rss() / 1024 / 1024;
  const started = performance.now();
  const run = await runNewsletterJob(deps);
  const seconds = (performance.now() - started) / 1000;
  const peakRss = process.resourceUsage().maxRSS / 1024;
  if (!run.ran) throw new Error("The job did not run");
  sink.stdin!.write("count\n");
  const received = Number((await nextLine()).replace("received ", ""));
  const [sent] = await handle.db
    .select({ count: count() })
    .from(newsletterSends)
    .where(eq(newsletterSends.status, "sent"));
  console.info(
    `newsletter-send: ${sent?.count} of ${subscribers} sent, ${received} received by the sink, ` +
      `in ${seconds.toFixed(1)} s (${Math.round(subscribers / seconds)} mails/s), ` +
      `peak RSS ${Math.round(peakRss)} MiB (${Math.round(rssBefore)} MiB before the job)`,
  );
  if (received !== subscribers || sent?.count !== subscribers) process.exitCode = 1;
} finally {
  await close();
  sink.kill();
  rmSync(dataDir, { recursive: true, force: true });
}
