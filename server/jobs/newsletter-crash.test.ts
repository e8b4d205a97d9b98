import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createEvent } from "#tests/factories/catalog.ts";
import { createScratchDatabase, dropScratchDatabase } from "#tests/setup/scratch-database.ts";
import { startSmtpSink, type SmtpSink } from "#tests/setup/smtp-sink.ts";
import { createTestConfig } from "#tests/setup/test-database.ts";
import { createDeps } from "#server/create-deps.ts";
import {
  newsletterIssues,
  newsletterSends,
  newsletterSubscribers,
} from "#server/db/schema/newsletter.ts";
import type { DomainDeps } from "#server/domain/deps.ts";

/**
 * Killing the process in the middle of the Thursday send and starting it again sends the rest
 * and nobody twice. The job runs as a real child process (`node --import tsx`) against a slow
 * SMTP server on loopback and is SIGKILLed mid-send; a second run finishes the issue.
 */

const SUBSCRIBERS = 60;
const BATCH_SIZE = 5;
const THURSDAY_NOON = "2026-11-26T11:00:00Z";
const projectRoot = path.resolve(import.meta.dirname, "../..");

let dataDir: string;
let databaseUrl: string;
let slowSink: SmtpSink;

function jobEnv(smtpUrl: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    SMTP_URL: smtpUrl,
    LOG_LEVEL: "silent",
    PUBLIC_URL: "http://localhost:3000",
    TOKEN_SECRET: "test-secret-that-is-long-enough-for-hs256-signing",
    NEWSLETTER_BATCH_SIZE: String(BATCH_SIZE),
    NEWSLETTER_MAILS_PER_SECOND: "0",
    JOB_NOW: THURSDAY_NOON,
  };
  env.DATABASE_URL = databaseUrl;
  return env;
}

function startJob(smtpUrl: string) {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "tests/newsletter/run-newsletter-job.ts"],
    {
      cwd: projectRoot,
      env: jobEnv(smtpUrl),
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
    child.once("close", (code, signal) => resolve({ code, signal })),
  );
  return { child, exited, output: () => output };
}

/** Opens the job's database from this process (the children are gone by then). */
async function withDeps<T>(run: (deps: DomainDeps) => Promise<T>): Promise<T> {
  const config = createTestConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
  });
  const { deps, close } = await createDeps(config, { now: () => new Date(THURSDAY_NOON) });
  try {
    return await run(deps);
  } finally {
    await close();
  }
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), "clubkalender-crash-"));
  databaseUrl = await createScratchDatabase("clubkalender_crash");
  const config = createTestConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
  });
  const { database, close } = await createDeps(config);
  await database.migrate();
  await close();
  await withDeps(async (deps) => {
    await createEvent(deps, { title: "Durchgehend", startsAt: "2026-11-27T22:00:00Z" });
    await deps.db.insert(newsletterSubscribers).values(
      Array.from({ length: SUBSCRIBERS }, (_, index) => ({
        email: `gast${index}@example.org`,
        status: "confirmed" as const,
        confirmedAt: new Date("2026-11-01T10:00:00Z"),
        consent: {
          signedUpAt: "2026-11-01T09:00:00Z",
          ip: "192.0.2.1",
          userAgent: "Test",
          form: "page",
          wordingVersion: "2026-11-newsletter-1",
        },
      })),
    );
  });
  slowSink = await startSmtpSink({ delayMs: 120 });
});

afterAll(async () => {
  await slowSink?.close();
  rmSync(dataDir, { recursive: true, force: true });
  await dropScratchDatabase(databaseUrl);
});

it("resumes after SIGKILL mid-send: the rest is sent, nobody gets the issue twice", async () => {
  const first = startJob(slowSink.url);
  await slowSink.waitFor(15, 60_000).catch((error: unknown) => {
    throw new Error(`${String(error)}\n${first.output()}`);
  });
  first.child.kill("SIGKILL");
  expect((await first.exited).signal).toBe("SIGKILL");
  const beforeRestart = slowSink.received.length;
  expect(beforeRestart).toBeLessThan(SUBSCRIBERS);

  const second = startJob(slowSink.url);
  const { code } = await second.exited;
  expect(code, second.output()).toBe(0);

  const recipients = slowSink.received.map((mail) => mail.recipients[0]!);
  // Nobody twice.
  expect(new Set(recipients).size).toBe(recipients.length);

  const sends = await withDeps((deps) =>
    deps.db
      .select({ email: newsletterSubscribers.email, status: newsletterSends.status })
      .from(newsletterSends)
      .innerJoin(newsletterSubscribers, eq(newsletterSends.subscriberId, newsletterSubscribers.id)),
  );
  expect(sends).toHaveLength(SUBSCRIBERS);
  const sent = sends.filter((send) => send.status === "sent").map((send) => send.email);
  const interrupted = sends.filter((send) => send.status === "failed").map((send) => send.email);
  expect(sent.length + interrupted.length).toBe(SUBSCRIBERS);
  // Only the mails in flight at the kill are in doubt; they are never sent again.
  expect(interrupted.length).toBeLessThanOrEqual(BATCH_SIZE);
  // Everyone marked sent got exactly one mail; the in-doubt ones at most one.
  for (const email of sent) expect(recipients.filter((to) => to === email)).toHaveLength(1);
  for (const email of interrupted)
    expect(recipients.filter((to) => to === email).length).toBeLessThanOrEqual(1);
  // The second run sent the rest.
  expect(recipients.length).toBeGreaterThanOrEqual(SUBSCRIBERS - BATCH_SIZE);

  const [issue] = await withDeps((deps) => deps.db.select().from(newsletterIssues));
  expect(issue?.status).toBe("sent");
}, 120_000);
