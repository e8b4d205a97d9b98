import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { billingDocuments } from "#server/db/schema/invoices.ts";
import { events } from "#server/db/schema/events.ts";
import { paymentOrders, paymentRefunds } from "#server/db/schema/payments.ts";
import { sendOwedBillingMails } from "#server/domain/billing/billing-mails.server.ts";
import { cancelEvent, deleteEvent } from "#server/domain/events/event-commands.server.ts";
import { listOwnEvents } from "#server/domain/events/own-events.server.ts";
import { createEvent } from "#tests/factories/catalog.ts";
import { createUser } from "#tests/factories/users.ts";
import { mailsTo } from "#tests/setup/mail-links.ts";
import { createTestContext, type TestContext } from "#tests/setup/test-database.ts";
import { runPaymentDuties } from "./payment-duties.server.ts";
import { completeSandboxCheckout } from "./sandbox-checkout.server.ts";
import { orderTopEvent, topEventOffer } from "./top-event-orders.server.ts";

/**
 * The refund rules of a top event (decision 0210), run by the payments job: moving the party
 * earlier cuts the period at the end of its new night and gives back the rest pro rata, a
 * cancelled or deleted party gives back what is left, a period not begun comes back in full,
 * and moving it later extends nothing. Every refund has its credit note.
 */

const NOW = "2026-11-20T20:00:00Z"; // Friday, 21:00 in Berlin
/** Sat 05.12.2026, 23:00: 16 nights from Friday, 57,14 €; its night is over on Sunday, 06:00. */
const PARTY = "2026-12-05T22:00:00Z";
const PARTY_NIGHT_ENDS = new Date("2026-12-06T05:00:00Z");

let ctx: TestContext;
let owner: Awaited<ReturnType<typeof createUser>>;

beforeEach(async () => {
  ctx = await createTestContext({ now: NOW });
  owner = await createUser(ctx.deps);
});

afterEach(async () => {
  await ctx.close();
});

const actor = () => ({ id: owner.id, role: "user" as const });

/** A party of the owner promoted "bis zur Party" and paid in the sandbox, now. */
async function promotedParty(title: string, startsAt = PARTY) {
  const event = await createEvent(ctx.deps, { title, startsAt, createdById: owner.id });
  const order = await orderTopEvent(ctx.deps, actor(), event.id, { accept_terms: true });
  await pay(order.checkoutUrl);
  return { event, orderId: order.orderId };
}

async function pay(checkoutUrl: string) {
  const reference = checkoutUrl.split("/zahlung/testmodus/")[1]!;
  await completeSandboxCheckout(ctx.deps, owner.id, reference, "pay");
}

async function orderOf(id: number) {
  const [order] = await ctx.deps.db.select().from(paymentOrders).where(eq(paymentOrders.id, id));
  return order!;
}

async function topUntilOf(eventId: number) {
  const [event] = await ctx.deps.db.select().from(events).where(eq(events.id, eventId));
  return event!.topUntil;
}

const creditNotesOf = (orderId: number) =>
  ctx.deps.db
    .select()
    .from(billingDocuments)
    .where(eq(billingDocuments.orderId, orderId))
    .then((documents) => documents.filter((document) => document.kind === "credit_note"));

describe("a top event whose party changes", () => {
  it("ends with the party's new, earlier night and gives back the rest pro rata", async () => {
    const { event, orderId } = await promotedParty("Vorverlegt");
    expect((await orderOf(orderId)).amountCents).toBe(5714);
    ctx.setNow("2026-11-24T20:00:00Z");
    await ctx.deps.db
      .update(events)
      .set({ startsAt: new Date("2026-11-28T22:00:00Z") })
      .where(eq(events.id, event.id));
    expect(await runPaymentDuties(ctx.deps)).toMatchObject({ topEventsCut: 1, refundsPaidOut: 1 });
    expect(await runPaymentDuties(ctx.deps)).toMatchObject({ topEventsCut: 0, refundsPaidOut: 0 });

    // Its new night ends on Sun 29.11., 06:00: 201 of 369 hours used, 5714 × 168 / 369 back.
    const newNightEnds = new Date("2026-11-29T05:00:00Z");
    expect(await topUntilOf(event.id)).toEqual(newNightEnds);
    const order = await orderOf(orderId);
    expect(order).toMatchObject({ status: "fulfilled", periodEndsAt: newNightEnds });
    expect(order.history.at(-1)?.note).toBe(
      `top event cut at ${newNightEnds.toISOString()}: Zeitraum nach dem Ende der Partynacht`,
    );
    const [refund] = await ctx.deps.db
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.orderId, orderId));
    expect(refund).toMatchObject({ amountCents: 2601, providerKey: `refund-order-${orderId}` });
    expect(refund!.refundedAt).not.toBeNull();
    const [creditNote] = await creditNotesOf(orderId);
    expect(creditNote).toMatchObject({
      grossCents: 2601,
      refundId: refund!.id,
      lines: [
        {
          description:
            "Top-Event bis zur Party: „Vorverlegt“, Partynacht 05.12.2026 – Erstattung: Zeitraum nach dem Ende der Partynacht",
          grossCents: 2601,
          period: { firstDay: "2026-11-29", lastDay: "2026-12-06" },
        },
      ],
    });
    // The scheduler mails owed documents every minute.
    await sendOwedBillingMails(ctx.deps);
    const subjects = (await mailsTo(ctx.deps.config, owner.email)).map((mail) => mail.subject);
    expect(subjects).toContain(`Stornorechnung ${creditNote!.number} von Clubkalender`);
  });

  it("gives back what is left when the party is cancelled, and all of a period not begun", async () => {
    // Bought for Sat 05.12.; the party then moves a week later and the owner buys the rest.
    const { event, orderId } = await promotedParty("Abgesagt");
    await ctx.deps.db
      .update(events)
      .set({ startsAt: new Date("2026-12-12T22:00:00Z") })
      .where(eq(events.id, event.id));
    expect(await runPaymentDuties(ctx.deps)).toMatchObject({ topEventsCut: 0 });
    const rest = await orderTopEvent(ctx.deps, actor(), event.id, { accept_terms: true });
    expect(rest.amountCents).toBe(2500);
    await pay(rest.checkoutUrl);
    expect(await orderOf(rest.orderId)).toMatchObject({
      periodStartsAt: PARTY_NIGHT_ENDS,
      periodEndsAt: new Date("2026-12-13T05:00:00Z"),
    });

    // Friday 27.11., 21:00: 168 of the first order's 369 hours used; the second not begun.
    ctx.setNow("2026-11-27T20:00:00Z");
    await cancelEvent(ctx.deps, actor(), event.id);
    expect(await runPaymentDuties(ctx.deps)).toMatchObject({ topEventsCut: 2, refundsPaidOut: 2 });
    expect(await topUntilOf(event.id)).toEqual(new Date("2026-11-27T20:00:00Z"));
    expect(await orderOf(orderId)).toMatchObject({
      status: "fulfilled",
      periodEndsAt: new Date("2026-11-27T20:00:00Z"),
    });
    expect((await orderOf(rest.orderId)).status).toBe("refunded");
    expect((await creditNotesOf(orderId)).map((document) => document.grossCents)).toEqual([3113]);
    const [full] = await creditNotesOf(rest.orderId);
    expect(full).toMatchObject({ grossCents: 2500 });
    expect(full!.lines[0]!.description).not.toContain("Erstattung");
  });

  it("gives back what is left when the party is deleted", async () => {
    const { event, orderId } = await promotedParty("Gelöscht");
    ctx.setNow("2026-11-27T20:00:00Z");
    await deleteEvent(ctx.deps, actor(), event.id);
    expect(await runPaymentDuties(ctx.deps)).toMatchObject({ topEventsCut: 1 });
    const [creditNote] = await creditNotesOf(orderId);
    expect(creditNote?.grossCents).toBe(3113);
    expect(creditNote?.lines[0]?.description).toMatch(/– Erstattung: Party gelöscht$/);
  });

  it("extends nothing when the party moves later: the owner sees the gap and buys the rest", async () => {
    const { event } = await promotedParty("Verschoben");
    await ctx.deps.db
      .update(events)
      .set({ startsAt: new Date("2026-12-12T22:00:00Z") })
      .where(eq(events.id, event.id));
    expect(await runPaymentDuties(ctx.deps)).toMatchObject({ topEventsCut: 0, refundsPaidOut: 0 });
    expect(await topUntilOf(event.id)).toEqual(PARTY_NIGHT_ENDS);
    const { items } = await listOwnEvents(ctx.deps, owner.id, "upcoming", {
      page: 1,
      pageSize: 20,
    });
    expect(items.find((row) => row.id === event.id)).toMatchObject({
      isTop: true,
      topUntil: PARTY_NIGHT_ENDS,
      topEndsBeforeParty: true,
    });
    const offer = await topEventOffer(ctx.deps, actor(), event.id);
    expect(offer.cover).toMatchObject({
      startsAt: PARTY_NIGHT_ENDS,
      endsAt: new Date("2026-12-13T05:00:00Z"),
      nights: 7,
      amountCents: 2500,
    });
  });
});
