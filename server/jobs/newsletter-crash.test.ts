import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createEvent } from "#tests/factories/catalog.ts";
import { setUpCrashScene, type CrashScene } from "#tests/setup/crash-scene.ts";
import { startSmtpSink, type SmtpSink } from "#tests/setup/smtp-sink.ts";
import {
  newsletterIssues,
  newsletterSends,
  newsletterSubscribers,
} from "#server/db/schema/newsletter.ts";

/**
 * Killing the process in the middle of the Thursday send and starting it again sends the rest
 * and nobody twice. The job runs as a real child process (`node --import tsx`) against a slow
 * SMTP server on loopback and is SIGKILLed mid-send; a second run finishes the issue.
 */

const SUBSCRIBERS = 60;
const BATCH_SIZE = 5;
const THURSDAY_NOON = "2026-11-26T11:00:00Z";
let scene: CrashScene;
let slowSink: SmtpSink;

const startJob = (smtpUrl: string) =>
  scene.start("tests/newsletter/run-newsletter-job.ts", {
    SMTP_URL: smtpUrl,
    NEWSLETTER_BATCH_SIZE: String(BATCH_SIZE),
    NEWSLETTER_MAILS_PER_SECOND: "0",
  });

beforeAll(async () => {
  scene = await setUpCrashScene("crash", THURSDAY_NOON);
  await scene.withDeps(async (deps) => {
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
  await scene?.dispose();
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

  const sends = await scene.withDeps((deps) =>
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

  const [issue] = await scene.withDeps((deps) => deps.db.select().from(newsletterIssues));
  expect(issue?.status).toBe("sent");
}, 120_000);
