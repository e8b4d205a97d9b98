import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createClub, createEvent } from "#tests/factories/catalog.ts";
import { startSmtpSink, type SmtpSink } from "#tests/setup/smtp-sink.ts";
import { createTestContext, type TestContext } from "#tests/setup/test-database.ts";
import { buildApp } from "#server/app.ts";
import { runNewsletterJob } from "#server/jobs/newsletter-job.server.ts";

/**
 * The whole newsletter story through the API and a real SMTP server on loopback: sign up, get the
 * confirmation mail, confirm, receive the Thursday issue with RFC 8058 headers, unsubscribe with
 * one click, and get nothing the Thursday after.
 */

let sink: SmtpSink;
let ctx: TestContext;
let app: FastifyInstance;

beforeAll(async () => {
  sink = await startSmtpSink();
  ctx = await createTestContext({
    now: "2026-11-23T09:00:00Z", // Monday
    config: { SMTP_URL: sink.url, NEWSLETTER_SEND_HOUR: "12", NEWSLETTER_MAILS_PER_SECOND: "0" },
  });
  app = await buildApp({ deps: ctx.deps });
  const club = await createClub(ctx.deps, { name: "Distillery" });
  await createEvent(ctx.deps, {
    title: "Freitagsbass",
    startsAt: "2026-11-27T22:00:00Z",
    locationId: club.id,
  });
  await createEvent(ctx.deps, {
    title: "Samstags-Highlight",
    startsAt: "2026-11-28T23:00:00Z",
    locationId: club.id,
    flyerPath: "flyers/highlight.webp",
    topUntil: new Date("2026-11-30T00:00:00Z"),
  });
  await createEvent(ctx.deps, { title: "Samstag früh", startsAt: "2026-11-28T21:00:00Z" });
  await createEvent(ctx.deps, { title: "Dezembernacht", startsAt: "2026-12-04T22:00:00Z" });
});

afterAll(async () => {
  await app.close();
  await ctx.deps.mail.close();
  await ctx.close();
  await sink.close();
});

async function signUp(email: string) {
  const response = await app.inject({
    method: "POST",
    url: "/api/newsletter/subscribe/",
    payload: { email, form: "popup" },
    headers: { "user-agent": "Vitest-Browser/1.0" },
  });
  expect(response.statusCode).toBe(202);
}

function linkIn(text: string, pattern: RegExp): string {
  const match = pattern.exec(text);
  if (!match) throw new Error(`No link matching ${pattern} in:\n${text}`);
  return match[0];
}

it("runs from sign-up to unsubscribe, and the next Thursday leaves that address out", async () => {
  await signUp("nachteule@example.org");
  await signUp("frueh@example.org");
  const [confirmation] = await sink.waitFor(2);
  const toOwl = sink.received.find((mail) => mail.recipients.includes("nachteule@example.org"))!;
  expect(confirmation!.subject).toContain("Bitte bestätige Deine Anmeldung");
  // The double opt-in mail advertises nothing: no parties in it.
  expect(toOwl.text).not.toContain("Freitagsbass");
  expect(toOwl.html).toContain("/impressum");

  // Nothing but the confirmation mail before confirming: a Thursday run sends no issue to them.
  for (const mail of [...sink.received]) {
    const confirmUrl = linkIn(
      mail.text,
      /http:\/\/localhost:3000\/newsletter\/confirm-subscription\?token=[\w-]+/,
    );
    const token = new URL(confirmUrl).searchParams.get("token");
    const confirmed = await app.inject({
      method: "POST",
      url: "/api/newsletter/confirm/",
      payload: { token },
    });
    expect(confirmed.statusCode).toBe(200);
  }
  sink.received.length = 0;

  ctx.setNow("2026-11-26T11:00:00Z"); // Thursday 12:00 in Berlin
  const thursday = await runNewsletterJob(ctx.deps);
  expect(thursday.ran).toBe(true);
  await sink.waitFor(2);
  const issue = sink.received.find((mail) => mail.recipients.includes("nachteule@example.org"))!;
  expect(issue.subject).toBe("Dein Wochenende in Leipzig: Fr., 27.11. bis So., 29.11.");
  const oneClick = issue.headers.get("list-unsubscribe")!;
  expect(oneClick).toMatch(
    /^<http:\/\/localhost:3000\/api\/newsletter\/unsubscribe\/\?token=[\w.-]+>$/,
  );
  expect(issue.headers.get("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
  // The "Top-Events" block at the top, then grouped by night, the top event first within its
  // night, with flyer, club, time and link.
  const topBlock = issue.text.indexOf("TOP-EVENTS");
  const text = issue.text.slice(issue.text.indexOf("FR., 27.11.", topBlock));
  expect(topBlock).toBeGreaterThan(-1);
  expect(issue.text.slice(topBlock, issue.text.indexOf("Freitagsbass"))).toContain(
    "Samstags-Highlight",
  );
  expect(text.indexOf("Freitagsbass")).toBeLessThan(text.indexOf("Samstags-Highlight"));
  expect(text.indexOf("Samstags-Highlight")).toBeLessThan(text.indexOf("Samstag früh"));
  expect(text).not.toContain("Dezembernacht");
  expect(issue.html).toContain('src="http://localhost:3000/media/flyers/highlight.webp"');
  expect(issue.html).toContain("00:00 Uhr · Distillery");
  expect(issue.html).toMatch(/href="http:\/\/localhost:3000\/party\/samstags-highlight\/\d+"/);
  expect(issue.html).toMatch(
    /href="http:\/\/localhost:3000\/newsletter\/unsubscribe\?token=[\w.-]+"/,
  );
  expect(issue.html).toContain('href="http://localhost:3000/impressum"');

  // The mail client's one-click POST (RFC 8058): no login, no CSRF token.
  const unsubscribed = await app.inject({
    method: "POST",
    url: oneClick.slice(oneClick.indexOf("/api/"), -1),
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: "List-Unsubscribe=One-Click",
  });
  expect(unsubscribed.statusCode).toBe(200);
  sink.received.length = 0;

  ctx.setNow("2026-12-03T11:00:00Z"); // the next Thursday, 12:00 in Berlin
  await runNewsletterJob(ctx.deps);
  const [next] = await sink.waitFor(1);
  expect(next!.recipients).toEqual(["frueh@example.org"]);
  expect(next!.text).toContain("Dezembernacht");
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(sink.received).toHaveLength(1);
});
