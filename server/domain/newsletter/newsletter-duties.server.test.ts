import net from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createEvent } from "#tests/factories/catalog.ts";
import { startSmtpSink, type SmtpSink } from "#tests/setup/smtp-sink.ts";
import { createTestContext, type TestContext } from "#tests/setup/test-database.ts";
import {
  newsletterIssues,
  newsletterSends,
  newsletterSubscribers,
} from "#server/db/schema/newsletter.ts";
import { clientAddress } from "#server/domain/address-limits.server.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { runNewsletterDuties } from "./newsletter-duties.server.ts";
import { subscribe } from "./subscribe.server.ts";

const THURSDAY_NOON = "2026-11-26T11:00:00Z"; // 12:00 in Berlin
const quickBackoff = { firstMs: 50, maxMs: 200 };

async function addSubscriber(
  deps: DomainDeps,
  email: string,
  status: "pending" | "confirmed",
  signedUpAt = "2026-11-20T10:00:00Z",
) {
  await deps.db.insert(newsletterSubscribers).values({
    email,
    status,
    signedUpAt: new Date(signedUpAt),
    confirmedAt: status === "confirmed" ? new Date(signedUpAt) : null,
    consent: {
      signedUpAt,
      ip: "192.0.2.1",
      userAgent: "Test",
      form: "page",
      wordingVersion: "2026-11-newsletter-1",
    },
  });
}

async function contextWith(smtpUrl: string, now = THURSDAY_NOON) {
  return createTestContext({
    now,
    config: { SMTP_URL: smtpUrl, NEWSLETTER_SEND_HOUR: "12", NEWSLETTER_MAILS_PER_SECOND: "0" },
  });
}

const contexts: TestContext[] = [];
const sinks: SmtpSink[] = [];

async function setUp(sinkOptions: Parameters<typeof startSmtpSink>[0] = {}) {
  const sink = await startSmtpSink(sinkOptions);
  const ctx = await contextWith(sink.url);
  sinks.push(sink);
  contexts.push(ctx);
  return { sink, ctx };
}

afterEach(async () => {
  for (const ctx of contexts.splice(0)) {
    await ctx.deps.mail.close();
    await ctx.close();
  }
  for (const sink of sinks.splice(0)) await sink.close();
});

describe("the Thursday issue", () => {
  it("is not built before the send hour, and caught up until Friday's", async () => {
    const { sink, ctx } = await setUp();
    await addSubscriber(ctx.deps, "frueh@example.org", "confirmed");
    await createEvent(ctx.deps, { title: "Freitag", startsAt: "2026-11-27T22:00:00Z" });

    ctx.setNow("2026-11-26T10:59:00Z"); // Thursday 11:59 in Berlin
    expect((await runNewsletterDuties(ctx.deps)).dueWeekend).toBeNull();
    ctx.setNow("2026-11-27T10:30:00Z"); // Friday 11:30: the missed run is caught up
    const report = await runNewsletterDuties(ctx.deps);
    expect(report.dueWeekend).toBe("2026-11-27");
    expect(report.issues).toEqual([
      { issueId: expect.any(Number), interrupted: 0, sent: 1, failed: 0, pending: 0 },
    ]);
    expect((await sink.waitFor(1))[0]!.recipients).toEqual(["frueh@example.org"]);

    // Runs later the same day change nothing.
    expect((await runNewsletterDuties(ctx.deps)).issues).toEqual([]);
    ctx.setNow("2026-11-27T11:00:00Z");
    expect((await runNewsletterDuties(ctx.deps)).dueWeekend).toBeNull();
    expect(sink.received).toHaveLength(1);
  });

  it("sends no mail in a week without parties", async () => {
    const { sink, ctx } = await setUp();
    await addSubscriber(ctx.deps, "leer@example.org", "confirmed");
    await createEvent(ctx.deps, { title: "Nächste Woche", startsAt: "2026-12-04T22:00:00Z" });
    await createEvent(ctx.deps, {
      title: "Fällt aus",
      startsAt: "2026-11-28T22:00:00Z",
      status: "cancelled",
    });
    const report = await runNewsletterDuties(ctx.deps);
    expect(report.issues).toEqual([]);
    const [issue] = await ctx.deps.db.select().from(newsletterIssues);
    expect(issue?.status).toBe("empty");
    expect(await ctx.deps.db.select().from(newsletterSends)).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(sink.received).toHaveLength(0);
  });

  it("goes to confirmed subscribers only", async () => {
    const { sink, ctx } = await setUp();
    await addSubscriber(ctx.deps, "bestaetigt@example.org", "confirmed");
    await addSubscriber(ctx.deps, "wartet@example.org", "pending");
    await createEvent(ctx.deps, { title: "Samstag", startsAt: "2026-11-28T22:00:00Z" });
    await runNewsletterDuties(ctx.deps);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(sink.received.map((mail) => mail.recipients[0])).toEqual(["bestaetigt@example.org"]);
  });
});

describe("a mail server that is down", () => {
  it("delays the issue with backoff, then delivers every mail exactly once", async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, "127.0.0.1", () => {
        const { port } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const ctx = await contextWith(`smtp://127.0.0.1:${port}`);
    contexts.push(ctx);
    for (const name of ["a", "b", "c"])
      await addSubscriber(ctx.deps, `${name}@example.org`, "confirmed");
    await createEvent(ctx.deps, { title: "Samstag", startsAt: "2026-11-28T22:00:00Z" });

    const running = runNewsletterDuties(ctx.deps, { backoff: quickBackoff });
    await new Promise((resolve) => setTimeout(resolve, 600));
    const sink = await startSmtpSink({ port });
    sinks.push(sink);
    const report = await running;
    expect(report.issues[0]).toMatchObject({ sent: 3, failed: 0, pending: 0 });
    expect(sink.received.map((mail) => mail.recipients[0]).sort()).toEqual([
      "a@example.org",
      "b@example.org",
      "c@example.org",
    ]);
  });

  it("tries again after a temporary refusal (4xx) and counts the tries", async () => {
    const { sink, ctx } = await setUp({ refuseFirst: { count: 2, code: 451 } });
    await addSubscriber(ctx.deps, "grau@example.org", "confirmed");
    await createEvent(ctx.deps, { title: "Samstag", startsAt: "2026-11-28T22:00:00Z" });
    const report = await runNewsletterDuties(ctx.deps, { backoff: quickBackoff });
    expect(report.issues[0]).toMatchObject({ sent: 1, failed: 0, pending: 0 });
    expect(sink.received).toHaveLength(1);
    const [send] = await ctx.deps.db.select().from(newsletterSends);
    expect(send).toMatchObject({ status: "sent", attempts: 3 });
  });

  it("keeps a confirmation mail owed and the job delivers it later", async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, "127.0.0.1", () => {
        const { port } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const ctx = await contextWith(`smtp://127.0.0.1:${port}`, "2026-11-23T09:00:00Z");
    contexts.push(ctx);
    const { delivery } = await subscribe(ctx.deps, {
      email: "spaeter@example.org",
      form: "page",
      client: clientAddress("192.0.2.5"),
      userAgent: "Test",
    });
    await delivery;
    const [owed] = await ctx.deps.db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, "spaeter@example.org"));
    expect(owed?.confirmationMailDueAt).not.toBeNull();
    expect(owed?.lastConfirmationMailAt).toBeNull();

    const sink = await startSmtpSink({ port });
    sinks.push(sink);
    ctx.setNow("2026-11-23T09:05:00Z");
    expect((await runNewsletterDuties(ctx.deps)).confirmationMailsSent).toBe(1);
    expect((await sink.waitFor(1))[0]!.subject).toContain("Bitte bestätige Deine Anmeldung");
    expect((await runNewsletterDuties(ctx.deps)).confirmationMailsSent).toBe(0);
  });
});

describe("unconfirmed sign-ups", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ now: "2026-12-20T10:00:00Z" });
  });
  afterAll(() => ctx.close());

  it("are deleted 30 days after signing up; confirmed ones stay", async () => {
    await addSubscriber(ctx.deps, "alt@example.org", "pending", "2026-11-20T09:59:00Z");
    await addSubscriber(ctx.deps, "jung@example.org", "pending", "2026-11-20T10:01:00Z");
    await addSubscriber(ctx.deps, "treu@example.org", "confirmed", "2026-10-01T10:00:00Z");
    expect((await runNewsletterDuties(ctx.deps)).expiredSignupsDeleted).toBe(1);
    const left = await ctx.deps.db
      .select({ email: newsletterSubscribers.email })
      .from(newsletterSubscribers);
    expect(left.map((row) => row.email).sort()).toEqual(["jung@example.org", "treu@example.org"]);
  });
});
