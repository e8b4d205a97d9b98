import type { FastifyInstance } from "fastify";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEvent } from "#tests/factories/catalog.ts";
import { createUser } from "#tests/factories/users.ts";
import { bearer } from "#tests/setup/api-client.ts";
import { mailsTo } from "#tests/setup/mail-links.ts";
import { createTestContext, type TestContext } from "#tests/setup/test-database.ts";
import { buildApp } from "#server/app.ts";
import { ads } from "#server/db/schema/ads.ts";
import { events } from "#server/db/schema/events.ts";
import { paymentOrders } from "#server/db/schema/payments.ts";
import { startSession } from "#server/domain/auth/session-tokens.server.ts";
import { runPaymentDuties } from "#server/domain/payments/payment-duties.server.ts";
import { topEventPromotions } from "#server/domain/promotion-statistics/top-event-statistics.server.ts";
import { completeSandboxCheckout } from "#server/domain/payments/sandbox-checkout.server.ts";
import { uploadFlyer } from "#server/domain/uploads/flyer-upload.server.ts";

/**
 * The payment flow through the API with the sandbox provider (no STRIPE_SECRET_KEY): the
 * server computes every amount, a double click is one order, the sandbox's "Bezahlen" fulfils
 * through the same code as Stripe's webhook, and nobody reaches someone else's orders or ads.
 */

const NOW = "2026-11-20T20:00:00Z"; // Friday, 21:00 in Berlin
/** The default party's night (Sat 05.12.2026, 23:00) is over on Sunday, 06:00. */
const PARTY_NIGHT_ENDS = new Date("2026-12-06T05:00:00Z");
const browser = { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Firefox/132.0" };

let ctx: TestContext;
let app: FastifyInstance;
let owner: Awaited<ReturnType<typeof createUser>>;
let stranger: Awaited<ReturnType<typeof createUser>>;
let ownerToken: string;
let strangerToken: string;
let adminToken: string;

beforeAll(async () => {
  ctx = await createTestContext({ now: NOW });
  app = await buildApp({ deps: ctx.deps });
  owner = await createUser(ctx.deps);
  stranger = await createUser(ctx.deps);
  const admin = await createUser(ctx.deps, { role: "admin" });
  ownerToken = (await startSession(ctx.deps, owner.id, null)).access;
  strangerToken = (await startSession(ctx.deps, stranger.id, null)).access;
  adminToken = (await startSession(ctx.deps, admin.id, null)).access;
});

afterAll(async () => {
  await app.close();
  await ctx.close();
});

const post = (url: string, token: string, payload: object) =>
  app.inject({ method: "POST", url, headers: bearer(token), payload });

const get = (url: string, token: string) =>
  app.inject({ method: "GET", url, headers: bearer(token) });

const referenceOf = (checkoutUrl: string) => checkoutUrl.split("/zahlung/testmodus/")[1]!;

/** The owner orders "Top-Event bis zur Party" for a party (the answer of the API). */
const orderTopEvent = (eventId: number) =>
  post("/api/payments/order/top-event/", ownerToken, { event: eventId, accept_terms: true });

/** The owner pays (or fails to pay) an order's sandbox checkout. */
const checkout = (answer: { json: () => { checkout_url: string } }, outcome: "pay" | "fail") =>
  completeSandboxCheckout(ctx.deps, owner.id, referenceOf(answer.json().checkout_url), outcome);

async function orderRow(id: number) {
  const [order] = await ctx.deps.db.select().from(paymentOrders).where(eq(paymentOrders.id, id));
  return order!;
}

async function ownEvent(overrides: Partial<typeof events.$inferInsert> = {}) {
  return createEvent(ctx.deps, {
    title: "Bassline Samstag",
    startsAt: "2026-12-05T22:00:00Z",
    createdById: owner.id,
    ...overrides,
  });
}

describe("top events", () => {
  it("computes the price, makes one order of a double click and promotes after payment", async () => {
    const event = await ownEvent();
    // Friday 20.11. to Saturday 05.12.: 16 party nights at 25,00 € ÷ 7.
    const offer = await get(`/api/payments/top-event-offer/${event.id}/`, ownerToken);
    expect(offer.json()).toEqual({
      event: event.id,
      price_per_week_cents: 2500,
      night_ends_at: PARTY_NIGHT_ENDS.toISOString(),
      top_until: null,
      cover: {
        label: "Top-Event bis zur Party (16 Nächte) – 57,14\u00a0€",
        starts_at: new Date(NOW).toISOString(),
        ends_at: PARTY_NIGHT_ENDS.toISOString(),
        nights: 16,
        amount_cents: 5714,
        amount: "57,14\u00a0€",
      },
    });
    const body = { event: event.id, accept_terms: true, order_key: "doppelklick-0001" };
    const first = await post("/api/payments/order/top-event/", ownerToken, body);
    const second = await post("/api/payments/order/top-event/", ownerToken, body);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ amount_cents: 5714, amount: "57,14\u00a0€" });
    expect(first.json().checkout_url).toContain("http://localhost:3000/zahlung/testmodus/sandbox_");
    expect(second.json().order).toBe(first.json().order);
    const orders = await ctx.deps.db
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.eventId, event.id));
    expect(orders).toHaveLength(1);
    expect(orders[0]!.termsVersion).toBe("agb-vorlage-2026-12");

    await checkout(first, "pay");

    const [promoted] = await ctx.deps.db.select().from(events).where(eq(events.id, event.id));
    expect(promoted!.topUntil).toEqual(PARTY_NIGHT_ENDS);
    const order = await orderRow(first.json().order);
    expect(order.status).toBe("fulfilled");
    expect(order).toMatchObject({ periodStartsAt: new Date(NOW), periodEndsAt: PARTY_NIGHT_ENDS });
    expect(order.history.map((entry) => entry.status)).toEqual(["created", "paid", "fulfilled"]);
    expect(order.history.every((entry) => entry.at === new Date(NOW).toISOString())).toBe(true);

    // The buyer sees the period's page views per day.
    await app.inject({
      method: "POST",
      url: "/api/event-views/",
      headers: browser,
      payload: { event: event.id },
    });
    const [promotion] = await topEventPromotions(
      ctx.deps,
      { id: owner.id, role: "user" },
      event.id,
    );
    expect(promotion?.statistics).toMatchObject({
      views: 0,
      pageViews: 1,
      days: [{ day: "2026-11-20", views: 0, clicks: 0, ctr: 0, pageViews: 1 }],
    });
    await expect(
      topEventPromotions(ctx.deps, { id: stranger.id, role: "user" }, event.id),
    ).rejects.toThrow("Das ist nicht Deine Party.");

    // Top events come first in their night.
    await createEvent(ctx.deps, { title: "Früher", startsAt: "2026-12-05T20:00:00Z" });
    const listing = await app.inject({
      url: "/api/dates/?date_from=2026-12-05&date_to=2026-12-05",
    });
    expect(listing.json().results[0].results[0]).toMatchObject({ id: event.id, is_top: true });

    // Its night is covered: nothing more to buy.
    const covered = await get(`/api/payments/top-event-offer/${event.id}/`, ownerToken);
    expect(covered.json()).toMatchObject({
      top_until: PARTY_NIGHT_ENDS.toISOString(),
      cover: null,
    });
    const again = await orderTopEvent(event.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      detail: "Deine Party ist schon bis zum Ende ihrer Nacht Top-Event.",
    });
  });

  it("covers a party nine days ahead until its night is over (issue 26)", async () => {
    // Saturday 28.11., 23:00: nine party nights from tonight on.
    const event = await ownEvent({
      title: "Neun Tage hin",
      startsAt: new Date("2026-11-28T22:00:00Z"),
    });
    const answer = await orderTopEvent(event.id);
    expect(answer.json()).toMatchObject({ amount_cents: 3214, amount: "32,14\u00a0€" });
    await checkout(answer, "pay");
    const [promoted] = await ctx.deps.db.select().from(events).where(eq(events.id, event.id));
    expect(promoted!.topUntil).toEqual(new Date("2026-11-29T05:00:00Z"));
    // Still top on the party's evening and until 06:00 after it, in its night's listing.
    ctx.setNow("2026-11-29T04:59:00Z");
    try {
      const listing = await app.inject({
        url: "/api/dates/?date_from=2026-11-28&date_to=2026-11-28",
      });
      expect(listing.json().results[0].results[0]).toMatchObject({ id: event.id, is_top: true });
    } finally {
      ctx.setNow(NOW);
    }
  });

  it("refuses tampered input, foreign, cancelled, past and unpublished events", async () => {
    const event = await ownEvent();
    const order = (payload: object, token = ownerToken) =>
      post("/api/payments/order/top-event/", token, payload);

    const withWeeks = await order({ event: event.id, weeks: 4, accept_terms: true });
    expect(withWeeks.statusCode).toBe(400);
    expect(withWeeks.json()).toEqual({ weeks: ["Unbekanntes Feld."] });

    const withAmount = await order({ event: event.id, accept_terms: true, amount_cents: 1 });
    expect(withAmount.statusCode).toBe(400);
    expect(withAmount.json()).toEqual({ amount_cents: ["Unbekanntes Feld."] });

    const withoutTerms = await order({ event: event.id, accept_terms: false });
    expect(withoutTerms.statusCode).toBe(400);
    expect(withoutTerms.json()).toEqual({
      accept_terms: ["Bitte akzeptiere die AGB für Buchungen."],
    });

    const foreign = await order({ event: event.id, accept_terms: true }, strangerToken);
    expect(foreign.statusCode).toBe(403);

    const cancelled = await ownEvent({ status: "cancelled" });
    const past = await ownEvent({ startsAt: new Date("2026-11-19T22:00:00Z") });
    const draft = await ownEvent({ status: "draft" });
    // Saturday 19.12.: its night is 30 nights away, four weeks before it is Sunday 22.11.
    const farAhead = await ownEvent({ startsAt: new Date("2026-12-19T22:00:00Z") });
    for (const [refused, message] of [
      [cancelled, "Eine abgesagte Party kann nicht hervorgehoben werden."],
      [past, "Eine vergangene Party kann nicht hervorgehoben werden."],
      [draft, "Nur veröffentlichte Partys können hervorgehoben werden."],
      [farAhead, "Hervorheben kannst Du diese Party ab So., 22.11., vier Wochen vor ihrer Nacht."],
    ] as const) {
      const answer = await order({ event: refused.id, accept_terms: true });
      expect(answer.statusCode).toBe(409);
      expect(answer.json()).toEqual({ detail: message });
      const offer = await get(`/api/payments/top-event-offer/${refused.id}/`, ownerToken);
      expect(offer.statusCode).toBe(409);
      expect(offer.json()).toEqual({ detail: message });
    }
    const anonymous = await app.inject({
      method: "POST",
      url: "/api/payments/order/top-event/",
      payload: { event: event.id, accept_terms: true },
    });
    expect(anonymous.statusCode).toBe(401);
    const stored = await ctx.deps.db
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.eventId, event.id));
    expect(stored).toHaveLength(0);
  });

  it("lets an unpaid order expire and refunds a payment for an event cancelled meanwhile", async () => {
    const event = await ownEvent({ title: "Wird abgesagt" });
    const answer = await orderTopEvent(event.id);
    ctx.setNow(new Date(Date.parse(NOW) + 2 * 60 * 60 * 1000));
    try {
      const report = await runPaymentDuties(ctx.deps);
      expect(report.ordersExpired).toBeGreaterThanOrEqual(1);
      expect((await orderRow(answer.json().order)).status).toBe("expired");
    } finally {
      ctx.setNow(NOW);
    }

    const second = await orderTopEvent(event.id);
    await ctx.deps.db.update(events).set({ status: "cancelled" }).where(eq(events.id, event.id));
    await checkout(second, "pay");
    const refunded = await orderRow(second.json().order);
    expect(refunded.status).toBe("refunded");
    expect(refunded.history.at(-1)?.note).toBe(
      "Eine abgesagte Party kann nicht hervorgehoben werden.",
    );
    const [unchanged] = await ctx.deps.db.select().from(events).where(eq(events.id, event.id));
    expect(unchanged!.topUntil).toBeNull();
  });

  it("counts impressions and clicks once per visitor and day, only while top, with the CTR", async () => {
    const event = await ownEvent({ title: "Oben in der Liste" });
    const plain = await ownEvent({ title: "Nicht oben" });
    const count = (url: string, eventId: number, ip = "203.0.113.1", headers = browser) =>
      app.inject({ method: "POST", url, headers, remoteAddress: ip, payload: { event: eventId } });
    const impression = (eventId: number, ip?: string, headers?: typeof browser) =>
      count("/api/event-impressions/", eventId, ip, headers);
    const click = (eventId: number, ip?: string) => count("/api/event-clicks/", eventId, ip);

    // Before the payment the party is no top event: nothing is counted.
    expect((await impression(event.id)).json()).toEqual({ counted: false });
    expect((await impression(plain.id)).json()).toEqual({ counted: false });
    expect((await impression(999_999)).statusCode).toBe(404);
    expect((await click(999_999)).json()).toEqual({ detail: "Diese Party gibt es nicht." });

    const answer = await orderTopEvent(event.id);
    await checkout(answer, "pay");

    // Friday: three visitors see the card (one twice), one of them follows it (twice); a bot
    // is ignored.
    expect((await impression(event.id, "203.0.113.1")).json()).toEqual({ counted: true });
    expect((await impression(event.id, "203.0.113.1")).json()).toEqual({ counted: false });
    expect((await impression(event.id, "203.0.113.2")).json()).toEqual({ counted: true });
    expect((await impression(event.id, "203.0.113.3")).json()).toEqual({ counted: true });
    const googlebot = { "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" };
    expect((await impression(event.id, "203.0.113.4", googlebot)).json()).toEqual({
      counted: false,
    });
    expect((await click(event.id, "203.0.113.2")).json()).toEqual({ counted: true });
    expect((await click(event.id, "203.0.113.2")).json()).toEqual({ counted: false });
    expect((await impression(plain.id)).json()).toEqual({ counted: false });

    // Saturday: the same visitor counts again, a new day.
    ctx.setNow(new Date(Date.parse(NOW) + 24 * 60 * 60 * 1000));
    try {
      await impression(event.id, "203.0.113.1");
      await impression(event.id, "203.0.113.2");
      await click(event.id, "203.0.113.1");
      await click(event.id, "203.0.113.2");
      const [promotion] = await topEventPromotions(
        ctx.deps,
        { id: owner.id, role: "user" },
        event.id,
      );
      expect(promotion?.statistics).toEqual({
        days: [
          { day: "2026-11-20", views: 3, clicks: 1, ctr: 1 / 3, pageViews: 0 },
          { day: "2026-11-21", views: 2, clicks: 2, ctr: 1, pageViews: 0 },
        ],
        views: 5,
        clicks: 3,
        ctr: 3 / 5,
        pageViews: 0,
      });

      // After the period nothing more is counted, and the buyer gets the numbers by mail.
      ctx.setNow(new Date(PARTY_NIGHT_ENDS.getTime() + 60_000));
      expect((await impression(event.id, "203.0.113.9")).json()).toEqual({ counted: false });
      expect((await click(event.id, "203.0.113.9")).json()).toEqual({ counted: false });
      await runPaymentDuties(ctx.deps);
    } finally {
      ctx.setNow(NOW);
    }
    const [mail] = (await mailsTo(ctx.deps.config, owner.email)).filter((sent) =>
      sent.subject.includes("Oben in der Liste"),
    );
    expect(mail!.text).toContain(
      "Tag | Einblendungen | Klicks | Klickrate | Aufrufe der Partyseite",
    );
    expect(mail!.text).toContain("Fr., 20.11. | 3 | 1 | 33,3 % | 0");
    expect(mail!.text).toContain("Sa., 21.11. | 2 | 2 | 100,0 % | 0");
    expect(mail!.text).toContain("Gesamt | 5 | 3 | 60,0 % | 0");
    expect(mail!.text).toContain(`http://localhost:3000/events/hervorheben/${event.id}`);
    expect(mail!.html).toContain('<th style="padding:4px 8px;text-align:left">Einblendungen</th>');
  });

  it("mails the buyer the numbers per day when the top-event period ends", async () => {
    const event = await ownEvent({ title: "Eine Woche oben" });
    const answer = await orderTopEvent(event.id);
    await checkout(answer, "pay");
    ctx.setNow(new Date(PARTY_NIGHT_ENDS.getTime() + 60_000));
    try {
      expect(await runPaymentDuties(ctx.deps)).toMatchObject({ topEventsEnded: 1 });
      expect(await runPaymentDuties(ctx.deps)).toMatchObject({ topEventsEnded: 0 });
    } finally {
      ctx.setNow(NOW);
    }
    const mails = (await mailsTo(ctx.deps.config, owner.email)).filter((mail) =>
      mail.subject.includes("Eine Woche oben"),
    );
    expect(mails.map((mail) => mail.subject)).toEqual([
      "„Eine Woche oben“ ist kein Top-Event mehr – so lief es",
    ]);
    expect(mails[0]!.text).toContain("Tag | Einblendungen | Klicks | Klickrate");
    expect(mails[0]!.text).toContain("Gesamt | 0 | 0 | 0,0 % | 0");
  });

  it("records a failed sandbox payment without promoting", async () => {
    const event = await ownEvent({ title: "Karte abgelehnt" });
    const answer = await orderTopEvent(event.id);
    await checkout(answer, "fail");
    expect((await orderRow(answer.json().order)).status).toBe("failed");
    const [unchanged] = await ctx.deps.db.select().from(events).where(eq(events.id, event.id));
    expect(unchanged!.topUntil).toBeNull();
    // Someone else cannot open or complete this checkout.
    await expect(
      completeSandboxCheckout(
        ctx.deps,
        stranger.id,
        referenceOf(answer.json().checkout_url),
        "pay",
      ),
    ).rejects.toThrow("Diese Zahlung gibt es nicht.");
  });
});

describe("ads", () => {
  let image: string;

  beforeAll(async () => {
    const png = await sharp({
      create: { width: 400, height: 400, channels: 3, background: "#c2007a" },
    })
      .png()
      .toBuffer();
    image = (await uploadFlyer(ctx.deps, owner.id, png)).path;
  });

  const booking = (overrides: Record<string, unknown> = {}) => ({
    title: "Vinyl-Börse im Keller",
    image,
    target_url: "https://plattenladen.example.org/boerse",
    placement: "listing",
    start_date: "2026-11-23",
    duration: 2,
    accept_terms: true,
    ...overrides,
  });

  it("books, pays, waits for approval, runs, counts and expires with a statistics mail", async () => {
    const booked = await post("/api/payments/order/ad/", ownerToken, booking());
    expect(booked.statusCode).toBe(201);
    expect(booked.json()).toMatchObject({ amount_cents: 12000, amount: "120,00\u00a0€" });
    const adId = booked.json().ad as number;

    // A fresh login at the moved clock (access tokens are short-lived).
    const tokenOf = async (userId: number) => (await startSession(ctx.deps, userId, null)).access;
    const mine = async () =>
      (await get("/api/my-ads/", await tokenOf(owner.id)))
        .json()
        .results.find((ad: { id: number }) => ad.id === adId);
    expect((await mine()).status).toBe("draft");

    await checkout(booked, "pay");
    expect((await mine()).status).toBe("awaiting_approval");
    expect((await orderRow(booked.json().order)).status).toBe("fulfilled");

    // Only admins see and decide the queue.
    expect((await get("/api/admin/ads/", ownerToken)).statusCode).toBe(403);
    const queue = await get("/api/admin/ads/", adminToken);
    expect(queue.json().results.map((ad: { id: number }) => ad.id)).toContain(adId);
    expect((await post(`/api/admin/ads/${adId}/approve/`, ownerToken, {})).statusCode).toBe(403);
    expect((await post(`/api/admin/ads/${adId}/approve/`, adminToken, {})).statusCode).toBe(204);
    expect((await mine()).status).toBe("paid");
    expect((await app.inject({ url: "/api/ads/" })).json().results).toEqual([]);

    // Monday 2026-11-23, 12:00 in Berlin: running.
    ctx.setNow("2026-11-23T11:00:00Z");
    try {
      expect((await mine()).status).toBe("active");
      const running = (await app.inject({ url: "/api/ads/" })).json().results;
      expect(running.map((ad: { id: number }) => ad.id)).toEqual([adId]);
      const view = await app.inject({
        method: "POST",
        url: "/api/ad-views/",
        headers: browser,
        payload: { ad: adId },
      });
      expect(view.json()).toEqual({ counted: true });
      const click = await app.inject({ url: `/api/ads/${adId}/click/`, headers: browser });
      expect(click.headers.location).toBe("https://plattenladen.example.org/boerse");
      const statistics = (await mine()).statistics;
      expect(statistics).toMatchObject({ views: 1, clicks: 1, ctr: 1 });
      expect(statistics.days).toEqual([{ day: "2026-11-23", views: 1, clicks: 1, ctr: 1 }]);

      // Someone else sees and changes none of it.
      const strangerNow = await tokenOf(stranger.id);
      expect((await get(`/api/my-ads/${adId}/`, strangerNow)).statusCode).toBe(404);
      const foreignEdit = await post(`/api/my-ads/${adId}/`, strangerNow, {
        title: "Gekapert",
        image,
        target_url: "https://boese.example.org/",
      });
      expect(foreignEdit.statusCode).toBe(404);
      expect((await get("/api/my-ads/", strangerNow)).json().results).toEqual([]);

      // Two weeks later (Monday 2026-12-07, 00:00 in Berlin) it ends by itself, with a mail.
      ctx.setNow("2026-12-06T23:00:00Z");
      expect((await app.inject({ url: "/api/ads/" })).json().results).toEqual([]);
      const report = await runPaymentDuties(ctx.deps);
      expect(report.adsEnded).toBe(1);
      expect(await runPaymentDuties(ctx.deps)).toMatchObject({ adsEnded: 0 });
      expect((await mine()).status).toBe("expired");
      const [mail] = (await mailsTo(ctx.deps.config, owner.email)).filter((candidate) =>
        candidate.subject.startsWith("Deine Anzeige"),
      );
      expect(mail?.subject).toBe(
        "Deine Anzeige „Vinyl-Börse im Keller“ ist abgelaufen – so lief sie",
      );
      expect(mail?.text).toContain("Mo., 23.11. | 1 | 1 | 100,0 %");
      expect(mail?.text).toContain("Gesamt | 1 | 1 | 100,0 %");
    } finally {
      ctx.setNow(NOW);
    }
  });

  it("refunds a rejected paid ad in full", async () => {
    const booked = await post("/api/payments/order/ad/", ownerToken, booking({ duration: 1 }));
    expect(booked.json().amount).toBe("75,00\u00a0€");
    await checkout(booked, "pay");
    const adId = booked.json().ad as number;
    const withoutReason = await post(`/api/admin/ads/${adId}/reject/`, adminToken, { reason: "" });
    expect(withoutReason.statusCode).toBe(400);
    const rejected = await post(`/api/admin/ads/${adId}/reject/`, adminToken, {
      reason: "Das Bild zeigt keine Veranstaltung.",
    });
    expect(rejected.statusCode).toBe(204);
    const order = await orderRow(booked.json().order);
    expect(order.status).toBe("refunded");
    expect(order.history.map((entry) => entry.status)).toEqual([
      "created",
      "paid",
      "fulfilled",
      "refunded",
    ]);
    const [ad] = await ctx.deps.db.select().from(ads).where(eq(ads.id, adId));
    expect(ad).toMatchObject({
      status: "rejected",
      rejectionReason: "Das Bild zeigt keine Veranstaltung.",
    });
    const payments = await get("/api/admin/payments/", adminToken);
    expect(
      payments.json().results.find((row: { id: number }) => row.id === order.id),
    ).toMatchObject({ status: "refunded", amount_cents: 7500 });
    // The buyer sees the refund and its credit note with the ad.
    const mine = await get(`/api/my-ads/${adId}/`, ownerToken);
    expect(mine.json().refunds).toEqual([
      {
        amount_cents: 7500,
        amount: "75,00\u00a0€",
        credit_note: expect.stringMatching(/^G-2026-\d{6}$/),
        paid_out: true,
      },
    ]);
  });

  it("lets the owner change the creative only: period and price stay, approval again", async () => {
    const booked = await post("/api/payments/order/ad/", ownerToken, booking({ duration: 3 }));
    await checkout(booked, "pay");
    const adId = booked.json().ad as number;
    await post(`/api/admin/ads/${adId}/approve/`, adminToken, {});
    const before = (await get(`/api/my-ads/${adId}/`, ownerToken)).json();
    expect(before).toMatchObject({ status: "paid", price_cents: 17500 });

    const javascriptTarget = await post(`/api/my-ads/${adId}/`, ownerToken, {
      title: "Neu",
      image,
      target_url: "javascript:alert(1)",
    });
    expect(javascriptTarget.statusCode).toBe(400);
    expect(javascriptTarget.json()).toEqual({ target_url: ["Ungültige URL!"] });
    const withPeriod = await post(`/api/my-ads/${adId}/`, ownerToken, {
      title: "Neu",
      image,
      target_url: "https://neu.example.org/",
      start_date: "2026-12-24",
    });
    expect(withPeriod.statusCode).toBe(400);

    const changed = await post(`/api/my-ads/${adId}/`, ownerToken, {
      title: "Neuer Titel",
      image,
      target_url: "https://neu.example.org/",
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      title: "Neuer Titel",
      target_url: "https://neu.example.org/",
      status: "awaiting_approval",
      start: before.start,
      end: before.end,
      price_cents: 17500,
    });
  });

  it("refuses a tampered duration, a javascript: target, a foreign image and a past start", async () => {
    const refusals: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ duration: 5 }, { duration: ["Ungültige Auswahl."] }],
      [{ target_url: "javascript:alert(1)" }, { target_url: ["Ungültige URL!"] }],
      [
        { image: "flyers/u999/0123456789abcdef0123456789abcdef-800.webp" },
        { image: ["Bitte lade ein Bild hoch."] },
      ],
      [
        { start_date: "2026-11-19" },
        { start_date: ["Das Datum darf nicht in der Vergangenheit liegen!"] },
      ],
      [{ placement: "popup" }, { placement: ["Ungültige Auswahl."] }],
      [{ price_cents: 1 }, { price_cents: ["Unbekanntes Feld."] }],
    ];
    const before = (await ctx.deps.db.select({ id: ads.id }).from(ads)).length;
    for (const [overrides, errors] of refusals) {
      const answer = await post("/api/payments/order/ad/", ownerToken, booking(overrides));
      expect(answer.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(answer.json()).toEqual(errors);
    }
    expect((await ctx.deps.db.select({ id: ads.id }).from(ads)).length).toBe(before);
  });
});
