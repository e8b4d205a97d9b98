import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startSmtpSink, type SmtpSink } from "#tests/setup/smtp-sink.ts";
import { createTestContext, type TestContext } from "#tests/setup/test-database.ts";
import { buildApp } from "#server/app.ts";
import { oneTimeTokens } from "#server/db/schema/auth.ts";
import { newsletterSubscribers } from "#server/db/schema/newsletter.ts";
import { startSession } from "#server/domain/auth/session-tokens.server.ts";
import { unsubscribeToken } from "#server/domain/newsletter/newsletter-tokens.server.ts";
import { createEvent } from "#tests/factories/catalog.ts";
import { createUser } from "#tests/factories/users.ts";

let sink: SmtpSink;
let ctx: TestContext;
let app: FastifyInstance;

beforeAll(async () => {
  sink = await startSmtpSink();
  ctx = await createTestContext({ config: { SMTP_URL: sink.url } });
  app = await buildApp({ deps: ctx.deps });
});

afterAll(async () => {
  await app.close();
  await ctx.deps.mail.close();
  await ctx.close();
  await sink.close();
});

beforeEach(() => {
  sink.received.length = 0;
  // A test that failed half-way leaves no other clock behind.
  ctx.setNow("2026-11-20T20:00:00Z");
});

const sentText = "Bitte bestätige noch die E-Mail, die wir Dir zugesendet haben.";

let clientNumber = 0;

/** A sign-up from its own client address unless one is given (the per-address limit is tested). */
function subscribe(payload: unknown, ip = `203.0.113.${++clientNumber}`) {
  return app.inject({
    method: "POST",
    url: "/api/newsletter/subscribe/",
    payload: payload as Record<string, unknown>,
    remoteAddress: ip,
    headers: { "user-agent": "Mozilla/5.0 (Test)" },
  });
}

async function subscriberRow(email: string) {
  const [row] = await ctx.deps.db
    .select()
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.email, email));
  return row;
}

/** Gives in-flight confirmation mails (sent after the answer) time to arrive or not. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe("POST /api/newsletter/subscribe/", () => {
  it("answers 202, stores the proof of consent and mails one confirmation link", async () => {
    const response = await subscribe({ email: "Gast@Example.org", form: "page" }, "192.0.2.1");
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ detail: sentText });
    const mail = await sink.mailTo("Gast@Example.org");
    expect(mail.text).toMatch(/\/newsletter\/confirm-subscription\?token=[\w-]{43}/);
    // The way out for someone who did not sign up: ignore it, or take the address out now.
    expect(mail.text).toContain("Du hast Dich nicht angemeldet?");
    expect(mail.text).toMatch(/\/newsletter\/unsubscribe\?token=[\w.-]+/);

    const row = await subscriberRow("Gast@Example.org");
    expect(row?.status).toBe("pending");
    expect(row?.consent).toEqual({
      signedUpAt: "2026-11-20T20:00:00.000Z",
      ip: "192.0.2.1",
      userAgent: "Mozilla/5.0 (Test)",
      form: "page",
      wordingVersion: "2026-11-newsletter-1",
    });
    const tokens = await ctx.deps.db
      .select()
      .from(oneTimeTokens)
      .where(eq(oneTimeTokens.subscriberId, row!.id));
    expect(tokens).toHaveLength(1);
    expect(tokens[0]!.purpose).toBe("newsletter_confirmation");
    // Only the hash is stored, never the token from the mail.
    expect(mail.text).not.toContain(tokens[0]!.tokenHash);
  });

  it("mails a new confirmation to a repeated unconfirmed sign-up, at most three an hour", async () => {
    const mailsTo = () =>
      sink.received.filter((mail) => mail.recipients[0] === "wiederholt@example.org").length;
    // A mail counts as sent once its delivery has recorded it, a moment after the sink has it:
    // a sign-up in between finds it still under way and is owed none.
    const delivered = () =>
      expect
        .poll(async () => (await subscriberRow("wiederholt@example.org"))?.confirmationMailDueAt)
        .toBeNull();
    await subscribe({ email: "wiederholt@example.org" });
    await sink.mailTo("wiederholt@example.org");
    // A double submit sends one mail, and the answer is exactly the same.
    const again = await subscribe({ email: "WIEDERHOLT@example.org" });
    expect(again.statusCode).toBe(202);
    expect(again.json()).toEqual({ detail: sentText });
    await settle();
    expect(mailsTo()).toBe(1);

    await delivered();
    ctx.setNow("2026-11-20T20:02:00Z");
    await subscribe({ email: "wiederholt@example.org" });
    await expect.poll(mailsTo).toBe(2);
    await delivered();
    ctx.setNow("2026-11-20T20:04:00Z");
    await subscribe({ email: "wiederholt@example.org" });
    await expect.poll(mailsTo).toBe(3);
    await delivered();
    ctx.setNow("2026-11-20T20:06:00Z");
    const capped = await subscribe({ email: "wiederholt@example.org" });
    expect(capped.json()).toEqual({ detail: sentText });
    await settle();
    expect(mailsTo()).toBe(3);

    ctx.setNow("2026-11-20T21:07:00Z");
    await subscribe({ email: "wiederholt@example.org" });
    await expect.poll(mailsTo).toBe(4);
    await delivered();
  });

  it("does not reveal a confirmed address and mails it nothing", async () => {
    await subscribe({ email: "dabei@example.org" });
    const mail = await sink.mailTo("dabei@example.org");
    const token = /token=([\w-]+)/.exec(mail.text)![1];
    await app.inject({ method: "POST", url: "/api/newsletter/confirm/", payload: { token } });
    sink.received.length = 0;

    ctx.setNow("2026-11-21T20:00:00Z");
    const known = await subscribe({ email: "dabei@example.org" });
    const unknown = await subscribe({ email: "neu-hier@example.org" });
    expect(known.statusCode).toBe(unknown.statusCode);
    expect(known.body).toBe(unknown.body);
    // The later sign-up's mail is delivered and recorded: one for the known address, sent
    // after an earlier answer, would be under way by then (its link stored before sending).
    await sink.mailTo("neu-hier@example.org");
    await expect
      .poll(async () => (await subscriberRow("neu-hier@example.org"))?.confirmationMailDueAt)
      .toBeNull();
    const confirmed = await subscriberRow("dabei@example.org");
    expect(confirmed?.status).toBe("confirmed");
    const links = await ctx.deps.db
      .select()
      .from(oneTimeTokens)
      .where(eq(oneTimeTokens.subscriberId, confirmed!.id));
    expect(links).toHaveLength(1);
    expect(sink.received.map((received) => received.recipients[0])).toEqual([
      "neu-hier@example.org",
    ]);
  });

  it("treats a filled honeypot like a sign-up but stores and sends nothing", async () => {
    const response = await subscribe({
      email: "bot@example.org",
      confirm_email: "bot@example.org",
    });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ detail: sentText });
    await settle();
    expect(sink.received).toHaveLength(0);
    expect(await subscriberRow("bot@example.org")).toBeUndefined();
  });

  it("answers bad input with the German field errors", async () => {
    expect((await subscribe({})).json()).toEqual({ email: ["Pflichtfeld"] });
    expect((await subscribe({ email: "" })).json()).toEqual({ email: ["Pflichtfeld"] });
    const invalid = await subscribe({ email: "kein-at-zeichen" });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toEqual({ email: ["Ungültige E-Mail Adresse!"] });
    expect((await subscribe({ email: "a@example.org", extra: 1 })).json()).toEqual({
      extra: ["Unbekanntes Feld."],
    });
  });

  it("limits sign-ups per client address", async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 11; index++) {
      statuses.push(
        (await subscribe({ email: `flut${index}@example.org` }, "198.51.100.7")).statusCode,
      );
    }
    expect(statuses.slice(0, 10).every((status) => status === 202)).toBe(true);
    expect(statuses[10]).toBe(429);
    expect((await subscribe({ email: "anderer@example.org" }, "198.51.100.8")).statusCode).toBe(
      202,
    );
  });
});

describe("POST /api/newsletter/confirm/", () => {
  it("refuses an unknown token with 404", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/newsletter/confirm/",
      payload: { token: "x".repeat(43) },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: "Dieser Link ist ungültig oder abgelaufen." });
  });

  it("records the confirmation's time and address in the proof of consent", async () => {
    await subscribe({ email: "bestaetigt@example.org", form: "popup" }, "192.0.2.9");
    const mail = await sink.mailTo("bestaetigt@example.org");
    const token = /token=([\w-]+)/.exec(mail.text)![1];
    ctx.setNow("2026-11-20T20:30:00Z");
    const response = await app.inject({
      method: "POST",
      url: "/api/newsletter/confirm/",
      payload: { token },
      remoteAddress: "198.51.100.20",
    });
    expect(response.statusCode).toBe(200);
    const row = await subscriberRow("bestaetigt@example.org");
    expect(row?.status).toBe("confirmed");
    expect(row?.consent).toMatchObject({
      signedUpAt: "2026-11-20T20:00:00.000Z",
      ip: "192.0.2.9",
      form: "popup",
      confirmedAt: "2026-11-20T20:30:00.000Z",
      confirmIp: "198.51.100.20",
    });
  });
});

describe("POST /api/newsletter/unsubscribe/ (RFC 8058 one-click)", () => {
  it("unsubscribes with the token alone, also when done twice", async () => {
    await subscribe({ email: "geht@example.org" });
    const mail = await sink.mailTo("geht@example.org");
    const token = /token=([\w-]+)/.exec(mail.text)![1];
    await app.inject({ method: "POST", url: "/api/newsletter/confirm/", payload: { token } });
    const row = await subscriberRow("geht@example.org");
    const url = `/api/newsletter/unsubscribe/?token=${unsubscribeToken(ctx.deps.config, row!.id)}`;
    for (let attempt = 0; attempt < 2; attempt++) {
      const response = await app.inject({
        method: "POST",
        url,
        headers: { "content-type": "multipart/form-data; boundary=x" },
        payload:
          '--x\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--x--\r\n',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ detail: "Du bist vom Newsletter abgemeldet." });
    }
    expect((await subscriberRow("geht@example.org"))?.status).toBe("unsubscribed");
  });

  it("refuses a forged token", async () => {
    const response = await app.inject({
      method: "POST",
      url: `/api/newsletter/unsubscribe/?token=1.${"A".repeat(43)}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(response.statusCode).toBe(404);
  });
});

describe("admin preview and test mail", () => {
  it("shows admins the coming issue and mails them a test; others get 401/403", async () => {
    await createEvent(ctx.deps, { title: "Vorschau-Party", startsAt: "2026-11-21T22:00:00Z" });
    const admin = await createUser(ctx.deps, { role: "admin", email: "chefin@example.org" });
    const organiser = await createUser(ctx.deps);
    const adminToken = (await startSession(ctx.deps, admin.id, null)).access;
    const organiserToken = (await startSession(ctx.deps, organiser.id, null)).access;

    expect((await app.inject({ url: "/api/newsletter/preview/" })).statusCode).toBe(401);
    const refused = await app.inject({
      url: "/api/newsletter/preview/",
      headers: { authorization: `Bearer ${organiserToken}` },
    });
    expect(refused.statusCode).toBe(403);

    const preview = await app.inject({
      url: "/api/newsletter/preview/",
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers["content-type"]).toMatch(/^text\/html/);
    expect(preview.body).toContain("Vorschau-Party");

    const test = await app.inject({
      method: "POST",
      url: "/api/newsletter/test-send/",
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(test.statusCode).toBe(202);
    const mail = await sink.mailTo("chefin@example.org");
    expect(mail.subject).toMatch(/^\[Test\] Dein Wochenende in Leipzig/);
    expect(mail.headers.get("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    const forbidden = await app.inject({
      method: "POST",
      url: "/api/newsletter/test-send/",
      headers: { authorization: `Bearer ${organiserToken}` },
    });
    expect(forbidden.statusCode).toBe(403);
  });
});
