import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import { ads } from "#server/db/schema/ads.ts";
import { billingDocuments } from "#server/db/schema/invoices.ts";
import { paymentOrders } from "#server/db/schema/payments.ts";
import { users } from "#server/db/schema/users.ts";
import { uploadFlyer } from "#server/domain/uploads/flyer-upload.server.ts";
import { createUser } from "#tests/factories/users.ts";
import { createTestContext, type TestContext } from "#tests/setup/test-database.ts";
import { bookAd } from "./ad-bookings.server.ts";
import { approveAd, rejectAd } from "./ad-review.server.ts";
import { ownAdRefunds } from "#server/domain/payments/refunds.server.ts";
import { completeSandboxCheckout } from "#server/domain/payments/sandbox-checkout.server.ts";

/**
 * Ads are paid first and checked afterwards (decision 0211): their weeks begin when they go
 * live, never before; the invoice names that period and comes when it is fixed; a rejected ad
 * is refunded in full at once, with a credit note. The invoice names the buyer's billing name
 * and address, kept in the account for the next booking.
 */

const NOW = "2026-11-20T20:00:00Z"; // Friday, 21:00 in Berlin

let ctx: TestContext;

afterEach(async () => {
  await ctx.close();
});

async function setUp(config: Record<string, string> = {}) {
  ctx = await createTestContext({ now: NOW, config });
  const owner = await createUser(ctx.deps);
  const admin = await createUser(ctx.deps, { role: "admin" });
  const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: "#222" } })
    .png()
    .toBuffer();
  const image = (await uploadFlyer(ctx.deps, owner.id, png)).path;
  const actor = { id: owner.id, role: "user" as const };
  /** Books and pays an ad in the sandbox. */
  const bookPaidAd = async (values: Record<string, unknown>) => {
    const booking = await bookAd(ctx.deps, actor, {
      title: "Plattenbörse im Hof",
      image,
      target_url: "https://hof.example.org/",
      placement: "listing",
      duration: 2,
      accept_terms: true,
      ...values,
    });
    const reference = booking.checkoutUrl.split("/zahlung/testmodus/")[1]!;
    await completeSandboxCheckout(ctx.deps, owner.id, reference, "pay");
    return booking;
  };
  return { owner, admin: { id: admin.id, role: "admin" as const }, bookPaidAd };
}

async function adOf(id: number) {
  const [ad] = await ctx.deps.db.select().from(ads).where(eq(ads.id, id));
  return ad!;
}

const documentsOf = (orderId: number) =>
  ctx.deps.db.select().from(billingDocuments).where(eq(billingDocuments.orderId, orderId));

describe("an ad that needs approval", () => {
  it("keeps its booked period when approved before its start day; the invoice names it", async () => {
    const { admin, bookPaidAd } = await setUp();
    const booking = await bookPaidAd({ start_date: "2026-11-28" });
    expect(await documentsOf(booking.orderId)).toEqual([]);
    await approveAd(ctx.deps, admin, booking.adId);
    expect(await adOf(booking.adId)).toMatchObject({
      status: "active",
      startsAt: new Date("2026-11-27T23:00:00Z"),
      endsAt: new Date("2026-12-11T23:00:00Z"),
    });
    const [invoice] = await documentsOf(booking.orderId);
    expect(invoice?.lines).toEqual([
      {
        description: "Anzeige in der Partyliste, 2 Wochen: „Plattenbörse im Hof“",
        grossCents: 12000,
        period: { firstDay: "2026-11-28", lastDay: "2026-12-11" },
      },
    ]);
  });

  it("runs its booked weeks from the approval when that comes after its start day", async () => {
    const { admin, bookPaidAd } = await setUp();
    const booking = await bookPaidAd({ start_date: "2026-11-21" });
    ctx.setNow("2026-11-24T10:00:00Z"); // Tuesday, 11:00
    await approveAd(ctx.deps, admin, booking.adId);
    const approvedAt = new Date("2026-11-24T10:00:00Z");
    const twoWeeksLater = new Date("2026-12-08T10:00:00Z");
    expect(await adOf(booking.adId)).toMatchObject({ startsAt: approvedAt, endsAt: twoWeeksLater });
    const [order] = await ctx.deps.db
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.id, booking.orderId));
    expect(order).toMatchObject({ periodStartsAt: approvedAt, periodEndsAt: twoWeeksLater });
    const [invoice] = await documentsOf(booking.orderId);
    expect(invoice?.lines[0]?.period).toEqual({ firstDay: "2026-11-24", lastDay: "2026-12-08" });
  });

  it("is refunded in full at once when rejected, with a credit note the buyer sees", async () => {
    const { owner, admin, bookPaidAd } = await setUp();
    const booking = await bookPaidAd({ start_date: "2026-11-23" });
    await rejectAd(ctx.deps, admin, booking.adId, { reason: "Kein Bezug zu Partys." });
    const [order] = await ctx.deps.db
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.id, booking.orderId));
    expect(order?.status).toBe("refunded");
    expect(order?.history.at(-1)?.note).toBe("ad rejected: Kein Bezug zu Partys.");
    const documents = await documentsOf(booking.orderId);
    expect(documents.map((document) => [document.kind, document.grossCents])).toEqual([
      ["invoice", 12000],
      ["credit_note", 12000],
    ]);
    expect((await ownAdRefunds(ctx.deps, owner.id)).get(booking.adId)).toEqual([
      { amountCents: 12000, creditNoteNumber: "G-2026-000001", paidOut: true },
    ]);
  });
});

describe("an ad without approval", () => {
  it("booked for today runs its weeks from the payment, never from the midnight before", async () => {
    const { bookPaidAd } = await setUp({ ADS_NEED_APPROVAL: "false" });
    const booking = await bookPaidAd({ start_date: "2026-11-20", duration: 1 });
    expect(await adOf(booking.adId)).toMatchObject({
      status: "active",
      startsAt: new Date(NOW),
      endsAt: new Date("2026-11-27T20:00:00Z"),
    });
    const [invoice] = await documentsOf(booking.orderId);
    expect(invoice?.lines[0]?.period).toEqual({ firstDay: "2026-11-20", lastDay: "2026-11-27" });
  });
});

describe("the invoice's billing name and address", () => {
  it("are taken from the booking, kept in the account for the next one, and cleared when emptied", async () => {
    const { owner, admin, bookPaidAd } = await setUp();
    const first = await bookPaidAd({
      start_date: "2026-11-23",
      billing_name: "Nachtschicht GmbH",
      billing_address: "Karl-Liebknecht-Str. 9\n04107 Leipzig",
    });
    await approveAd(ctx.deps, admin, first.adId);
    const [invoice] = await documentsOf(first.orderId);
    expect(invoice?.buyer).toEqual({
      name: "Nachtschicht GmbH",
      organization: null,
      address: "Karl-Liebknecht-Str. 9\n04107 Leipzig",
      email: owner.email,
    });
    // An API client that leaves the fields out books with the account's.
    const second = await bookPaidAd({ start_date: "2026-11-30" });
    const [secondOrder] = await ctx.deps.db
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.id, second.orderId));
    expect(secondOrder).toMatchObject({
      billingName: "Nachtschicht GmbH",
      billingAddress: "Karl-Liebknecht-Str. 9\n04107 Leipzig",
    });
    await bookPaidAd({ start_date: "2026-12-07", billing_name: "", billing_address: "" });
    const [account] = await ctx.deps.db
      .select({ billingName: users.billingName, billingAddress: users.billingAddress })
      .from(users)
      .where(eq(users.id, owner.id));
    expect(account).toEqual({ billingName: null, billingAddress: null });
  });
});
