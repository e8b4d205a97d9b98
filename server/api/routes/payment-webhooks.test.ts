import type { FastifyInstance } from "fastify";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEvent } from "#tests/factories/catalog.ts";
import { createUser } from "#tests/factories/users.ts";
import { bearer } from "#tests/setup/api-client.ts";
import { startFakeStripeServer, type FakeStripeServer } from "#tests/setup/fake-stripe-server.ts";
import { createTestContext, type TestContext } from "#tests/setup/test-database.ts";
import { buildApp } from "#server/app.ts";
import { ads } from "#server/db/schema/ads.ts";
import { events } from "#server/db/schema/events.ts";
import { paymentOrders } from "#server/db/schema/payments.ts";
import { startSession } from "#server/domain/auth/session-tokens.server.ts";
import { runPaymentDuties } from "#server/domain/payments/payment-duties.server.ts";
import { uploadFlyer } from "#server/domain/uploads/flyer-upload.server.ts";

/**
 * The Stripe path end to end: the official SDK talks to a local server answering like Stripe's
 * API (STRIPE_API_URL), and webhooks are signed with the SDK's own test-header helper.
 */

const NOW = "2026-11-20T20:00:00Z"; // Friday, 21:00 in Berlin
const WEBHOOK_SECRET = "whsec_test_clubkalender_webhook_secret";
/** The parties below are on Sat 12.12.2026, 23:00: their night is over on Sunday, 06:00. */
const PARTY_NIGHT_ENDS = new Date("2026-12-13T05:00:00Z");
/** Friday 20.11. to Saturday 12.12.: 23 party nights at 25,00 € ÷ 7. */
const TOP_EVENT_CENTS = 8214;

let stripeApi: FakeStripeServer;
let ctx: TestContext;
let app: FastifyInstance;
let owner: Awaited<ReturnType<typeof createUser>>;
let eventCounter = 0;

beforeAll(async () => {
  stripeApi = await startFakeStripeServer();
  ctx = await createTestContext({
    now: NOW,
    config: {
      STRIPE_SECRET_KEY: "sk_test_clubkalender",
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: stripeApi.url,
      ADS_NEED_APPROVAL: "false",
    },
  });
  app = await buildApp({ deps: ctx.deps });
  owner = await createUser(ctx.deps);
});

afterAll(async () => {
  await app.close();
  await ctx.close();
  await stripeApi.close();
});

const token = async () => (await startSession(ctx.deps, owner.id, null)).access;

async function orderTopEvent() {
  const event = await createEvent(ctx.deps, {
    title: `Stripe-Party ${++eventCounter}`,
    startsAt: "2026-12-12T22:00:00Z",
    createdById: owner.id,
  });
  const answer = await app.inject({
    method: "POST",
    url: "/api/payments/order/top-event/",
    headers: bearer(await token()),
    payload: { event: event.id, accept_terms: true },
  });
  expect(answer.statusCode, answer.body).toBe(201);
  const [order] = await ctx.deps.db
    .select()
    .from(paymentOrders)
    .where(eq(paymentOrders.id, answer.json().order));
  return { event, order: order!, checkoutUrl: answer.json().checkout_url as string };
}

async function orderRow(id: number) {
  const [order] = await ctx.deps.db.select().from(paymentOrders).where(eq(paymentOrders.id, id));
  return order!;
}

async function topUntilOf(eventId: number) {
  const [event] = await ctx.deps.db.select().from(events).where(eq(events.id, eventId));
  return event!.topUntil;
}

let eventSequence = 0;

function stripeEvent(type: string, object: Record<string, unknown>, id?: string) {
  return {
    id: id ?? `evt_test_${++eventSequence}_${Date.now()}`,
    object: "event",
    api_version: "2025-01-01",
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  };
}

const session = (sessionId: string, overrides: Record<string, unknown> = {}) => ({
  id: sessionId,
  object: "checkout.session",
  payment_status: "paid",
  status: "complete",
  payment_intent: `pi_${sessionId}`,
  ...overrides,
});

function sendWebhook(
  event: object,
  options: { secret?: string; timestamp?: number; signature?: string | null } = {},
) {
  const payload = JSON.stringify(event);
  const signature =
    options.signature === null
      ? undefined
      : (options.signature ??
        Stripe.webhooks.generateTestHeaderString({
          payload,
          secret: options.secret ?? WEBHOOK_SECRET,
          timestamp: options.timestamp,
        }));
  return app.inject({
    method: "POST",
    url: "/api/payments/webhook/",
    headers: {
      "content-type": "application/json",
      ...(signature === undefined ? {} : { "stripe-signature": signature }),
    },
    payload,
  });
}

describe("Stripe Checkout", () => {
  it("opens a Checkout Session with the server's amount and promotes only on the signed webhook", async () => {
    const { event, order, checkoutUrl } = await orderTopEvent();
    expect(checkoutUrl).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
    const created = stripeApi.requests.find(
      (request) => request.params.get("client_reference_id") === String(order.id),
    );
    expect(created?.path).toBe("/v1/checkout/sessions");
    expect(created?.params.get("line_items[0][price_data][unit_amount]")).toBe(
      String(TOP_EVENT_CENTS),
    );
    expect(created?.params.get("line_items[0][price_data][currency]")).toBe("eur");
    expect(created?.params.get("mode")).toBe("payment");
    expect(created?.idempotencyKey).toBe(`checkout-order-${order.id}`);
    expect(order.provider).toBe("stripe");
    expect(await topUntilOf(event.id)).toBeNull();

    const paid = stripeEvent("checkout.session.completed", session(order.providerReference!));
    const answer = await sendWebhook(paid);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ received: true });
    expect(await topUntilOf(event.id)).toEqual(PARTY_NIGHT_ENDS);
    const fulfilled = await orderRow(order.id);
    expect(fulfilled.status).toBe("fulfilled");
    expect(fulfilled.providerPaymentId).toBe(`pi_${order.providerReference}`);

    // A replay of the same event changes nothing.
    const replay = await sendWebhook(paid);
    expect(replay.statusCode).toBe(200);
    expect((await orderRow(order.id)).history).toEqual(fulfilled.history);
    expect(await topUntilOf(event.id)).toEqual(PARTY_NIGHT_ENDS);
  });

  it("refuses forged, unsigned and stale webhooks without any change", async () => {
    const { event, order } = await orderTopEvent();
    const paid = stripeEvent("checkout.session.completed", session(order.providerReference!));
    const forged = await sendWebhook(paid, { secret: "whsec_someone_else" });
    const unsigned = await sendWebhook(paid, { signature: null });
    const stale = await sendWebhook(paid, { timestamp: Math.floor(Date.now() / 1000) - 3600 });
    for (const answer of [forged, unsigned, stale]) {
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({ detail: "Ungültige Signatur." });
    }
    expect((await orderRow(order.id)).status).toBe("created");
    expect(await topUntilOf(event.id)).toBeNull();
    // The genuine event still works afterwards (the refused ones were not remembered).
    expect((await sendWebhook(paid)).statusCode).toBe(200);
    expect((await orderRow(order.id)).status).toBe("fulfilled");
  });

  it("acknowledges an event for an unknown order without touching any order", async () => {
    const before = await ctx.deps.db.select().from(paymentOrders);
    const answer = await sendWebhook(
      stripeEvent("checkout.session.completed", session("cs_test_unknown")),
    );
    expect(answer.statusCode).toBe(200);
    expect(await ctx.deps.db.select().from(paymentOrders)).toEqual(before);
  });

  it("handles SEPA: pending after checkout, fulfilled on the delayed success", async () => {
    const { event, order } = await orderTopEvent();
    const reference = order.providerReference!;
    await sendWebhook(
      stripeEvent("checkout.session.completed", session(reference, { payment_status: "unpaid" })),
    );
    expect((await orderRow(order.id)).status).toBe("pending");
    expect(await topUntilOf(event.id)).toBeNull();
    // Pending orders do not expire while the bank works.
    ctx.setNow(new Date(Date.parse(NOW) + 3 * 60 * 60 * 1000));
    try {
      await runPaymentDuties(ctx.deps);
      expect((await orderRow(order.id)).status).toBe("pending");
    } finally {
      ctx.setNow(NOW);
    }
    await sendWebhook(stripeEvent("checkout.session.async_payment_succeeded", session(reference)));
    expect((await orderRow(order.id)).status).toBe("fulfilled");
    expect(await topUntilOf(event.id)).not.toBeNull();
  });

  it("handles a failed SEPA debit: the order fails and nothing is promoted", async () => {
    const { event, order } = await orderTopEvent();
    const reference = order.providerReference!;
    await sendWebhook(
      stripeEvent("checkout.session.completed", session(reference, { payment_status: "unpaid" })),
    );
    await sendWebhook(
      stripeEvent(
        "checkout.session.async_payment_failed",
        session(reference, { payment_status: "unpaid" }),
      ),
    );
    const failed = await orderRow(order.id);
    expect(failed.status).toBe("failed");
    expect(failed.history.map((entry) => entry.status)).toEqual(["created", "pending", "failed"]);
    expect(await topUntilOf(event.id)).toBeNull();
  });

  it("records a payment arriving after expiry: fulfilled while possible, else refunded", async () => {
    const still = await orderTopEvent();
    const gone = await orderTopEvent();
    ctx.setNow(new Date(Date.parse(NOW) + 2 * 60 * 60 * 1000));
    try {
      await runPaymentDuties(ctx.deps);
      expect((await orderRow(still.order.id)).status).toBe("expired");
      expect((await orderRow(gone.order.id)).status).toBe("expired");

      await sendWebhook(
        stripeEvent("checkout.session.completed", session(still.order.providerReference!)),
      );
      const late = await orderRow(still.order.id);
      expect(late.status).toBe("fulfilled");
      expect(late.history.map((entry) => entry.status)).toEqual([
        "created",
        "expired",
        "paid",
        "fulfilled",
      ]);
      expect(late.history[2]?.note).toMatch(/^late payment after expired/);

      await ctx.deps.db
        .update(events)
        .set({ status: "cancelled" })
        .where(eq(events.id, gone.event.id));
      const reference = gone.order.providerReference!;
      await sendWebhook(stripeEvent("checkout.session.completed", session(reference)));
      const refunded = await orderRow(gone.order.id);
      expect(refunded.status).toBe("refunded");
      const refund = stripeApi.requests.find(
        (request) =>
          request.path === "/v1/refunds" &&
          request.idempotencyKey === `refund-order-${gone.order.id}`,
      );
      expect(refund?.params.get("payment_intent")).toBe(`pi_${reference}`);
      expect(refund?.params.get("amount")).toBe(String(TOP_EVENT_CENTS));
      expect(await topUntilOf(gone.event.id)).toBeNull();
    } finally {
      ctx.setNow(NOW);
    }
  });

  it("refunds part of a top event whose party was cancelled; a partial refund leaves the order", async () => {
    const { event, order } = await orderTopEvent();
    const reference = order.providerReference!;
    await sendWebhook(stripeEvent("checkout.session.completed", session(reference)));
    // Cancelled when a little more than half of the period (Fri 21:00 to Sun 13.12., 06:00) is left.
    ctx.setNow("2026-12-02T12:00:00Z");
    try {
      await ctx.deps.db.update(events).set({ status: "cancelled" }).where(eq(events.id, event.id));
      expect(await runPaymentDuties(ctx.deps)).toMatchObject({
        topEventsCut: 1,
        refundsPaidOut: 1,
      });
      expect(await runPaymentDuties(ctx.deps)).toMatchObject({
        topEventsCut: 0,
        refundsPaidOut: 0,
      });
    } finally {
      ctx.setNow(NOW);
    }
    const refunds = stripeApi.requests.filter(
      (request) =>
        request.path === "/v1/refunds" &&
        request.params.get("payment_intent") === `pi_${reference}`,
    );
    // 11 d 16 h of 22 d 9 h were used: 8214 × 280 / 537 = 4282.9 → 4283 kept, 3931 back.
    expect(
      refunds.map((request) => [request.idempotencyKey, request.params.get("amount")]),
    ).toEqual([[`refund-order-${order.id}`, "3931"]]);
    // Stripe reports the partial refund: the order stays fulfilled (its period cut).
    await sendWebhook(
      stripeEvent("charge.refunded", {
        id: `ch_${reference}`,
        object: "charge",
        payment_intent: `pi_${reference}`,
        refunded: false,
        amount_refunded: 3931,
      }),
    );
    const cut = await orderRow(order.id);
    expect(cut.status).toBe("fulfilled");
    expect(cut.periodEndsAt).toEqual(new Date("2026-12-02T12:00:00Z"));
    expect(await topUntilOf(event.id)).toEqual(new Date("2026-12-02T12:00:00Z"));
    // A refund of the whole charge in Stripe's dashboard marks the order refunded.
    await sendWebhook(
      stripeEvent("charge.refunded", {
        id: `ch_${reference}`,
        object: "charge",
        payment_intent: `pi_${reference}`,
        refunded: true,
        amount_refunded: TOP_EVENT_CENTS,
      }),
    );
    expect((await orderRow(order.id)).status).toBe("refunded");
  });

  it("books an ad: pay → active on its start day → expired, with approval turned off", async () => {
    const png = await sharp({
      create: { width: 300, height: 300, channels: 3, background: "#111" },
    })
      .png()
      .toBuffer();
    const image = (await uploadFlyer(ctx.deps, owner.id, png)).path;
    const booked = await app.inject({
      method: "POST",
      url: "/api/payments/order/ad/",
      headers: bearer(await token()),
      payload: {
        title: "Festival-Vorverkauf",
        image,
        target_url: "https://festival.example.org/",
        placement: "listing",
        start_date: "2026-11-21",
        duration: 1,
        accept_terms: true,
      },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const order = await orderRow(booked.json().order);
    await sendWebhook(stripeEvent("checkout.session.completed", session(order.providerReference!)));
    const [ad] = await ctx.deps.db.select().from(ads).where(eq(ads.id, booked.json().ad));
    expect(ad?.status).toBe("active");

    ctx.setNow("2026-11-21T12:00:00Z");
    try {
      const running = (await app.inject({ url: "/api/ads/" })).json().results;
      expect(running.map((shown: { id: number }) => shown.id)).toContain(ad!.id);
      ctx.setNow("2026-11-27T23:00:00Z"); // Saturday 2026-11-28, 00:00 in Berlin
      expect(await runPaymentDuties(ctx.deps)).toMatchObject({ adsEnded: 1 });
      const [ended] = await ctx.deps.db.select().from(ads).where(eq(ads.id, ad!.id));
      expect(ended?.status).toBe("expired");
    } finally {
      ctx.setNow(NOW);
    }
  });
});
