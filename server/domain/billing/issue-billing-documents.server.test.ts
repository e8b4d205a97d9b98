import { eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { billingDocuments, billingNumberCounters } from "#server/db/schema/invoices.ts";
import { paymentOrders } from "#server/db/schema/payments.ts";
import { users } from "#server/db/schema/users.ts";
import { createAd } from "#tests/factories/ads.ts";
import { createEvent } from "#tests/factories/catalog.ts";
import { createPaidOrder, createRefund } from "#tests/factories/paid-orders.ts";
import { createUser } from "#tests/factories/users.ts";
import { createTestContext, type TestContext } from "#tests/setup/test-database.ts";
import {
  issueCreditNoteForRefund,
  issueInvoiceForPaidOrder,
} from "./issue-billing-documents.server.ts";

let context: TestContext;

beforeEach(async () => {
  context = await createTestContext({
    config: {
      OPERATOR_NAME: "Nachtkultur e. V.",
      OPERATOR_ADDRESS: "Hauptstraße 1, 04109 Leipzig",
    },
  });
});

afterEach(async () => {
  await context.close();
});

async function paidAdOrder(amountCents = 7500) {
  const user = await createUser(context.deps);
  const ad = await createAd(context.deps, {
    ownerId: user.id,
    title: "Plattenbörse",
    placement: "listing",
    durationId: 1,
    startsAt: new Date("2026-11-22T23:00:00Z"),
    endsAt: new Date("2026-11-29T23:00:00Z"),
  });
  const order = await createPaidOrder(context.deps, {
    userId: user.id,
    purpose: "ad",
    adId: ad.id,
    amountCents,
    periodStartsAt: ad.startsAt,
    periodEndsAt: ad.endsAt,
  });
  return { user, ad, order };
}

const issueInOwnTransaction = (orderId: number) =>
  context.deps.db.transaction((tx) => issueInvoiceForPaidOrder(tx, context.deps, orderId));

describe("invoice numbers", () => {
  it("run without gaps or duplicates when many orders are invoiced at once", async () => {
    const orders = [];
    for (let index = 0; index < 8; index++) orders.push((await paidAdOrder()).order);
    const invoices = await Promise.all(orders.map((order) => issueInOwnTransaction(order.id)));
    expect(invoices.map((invoice) => invoice.number).sort()).toEqual(
      Array.from({ length: 8 }, (_, index) => `2026-${String(index + 1).padStart(6, "0")}`),
    );
  });

  it("give one invoice per order, however often and however parallel it is asked for", async () => {
    const { order } = await paidAdOrder();
    const answers = await Promise.all([1, 2, 3, 4].map(() => issueInOwnTransaction(order.id)));
    expect(new Set(answers.map((invoice) => invoice.number))).toEqual(new Set(["2026-000001"]));
    expect(await context.deps.db.select().from(billingDocuments)).toHaveLength(1);
  });

  it("come back when the transaction fails after taking one (a crash leaves no gap)", async () => {
    const first = await paidAdOrder();
    const second = await paidAdOrder();
    const failure = await context.deps.db
      .transaction(async (tx) => {
        await issueInvoiceForPaidOrder(tx, context.deps, first.order.id);
        throw new Error("crash before commit");
      })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect(await context.deps.db.select().from(billingDocuments)).toHaveLength(0);
    expect((await issueInOwnTransaction(second.order.id)).number).toBe("2026-000001");
    expect((await issueInOwnTransaction(first.order.id)).number).toBe("2026-000002");
  });

  it("start again at 1 in a new year", async () => {
    const { order: december } = await paidAdOrder();
    const { order: january } = await paidAdOrder();
    context.setNow("2026-12-31T22:30:00Z");
    expect((await issueInOwnTransaction(december.id)).number).toBe("2026-000001");
    context.setNow("2026-12-31T23:30:00Z");
    expect((await issueInOwnTransaction(january.id)).number).toBe("2027-000001");
    expect(await context.deps.db.select().from(billingNumberCounters)).toHaveLength(2);
  });

  it("are refused for an order that was not paid", async () => {
    const { order } = await paidAdOrder();
    await context.deps.db
      .update(paymentOrders)
      .set({ status: "created" })
      .where(eq(paymentOrders.id, order.id));
    await expect(issueInOwnTransaction(order.id)).rejects.toThrow(/nothing was paid/);
  });
});

describe("invoice contents", () => {
  it("name seller, buyer and what was bought; § 19 UStG by default", async () => {
    const { user, order } = await paidAdOrder();
    const invoice = await issueInOwnTransaction(order.id);
    expect(invoice).toMatchObject({
      kind: "invoice",
      userId: user.id,
      vatMode: "small_business",
      vatRatePercent: 0,
      netCents: 7500,
      taxCents: 0,
      grossCents: 7500,
      seller: { name: "Nachtkultur e. V.", address: "Hauptstraße 1, 04109 Leipzig" },
      buyer: {
        name: user.displayName,
        email: user.email,
        organization: `Kollektiv von ${user.displayName}`,
      },
      lines: [
        {
          description: "Anzeige in der Partyliste, 1 Woche: „Plattenbörse“",
          grossCents: 7500,
          period: { firstDay: "2026-11-23", lastDay: "2026-11-29" },
        },
      ],
    });
  });

  it("split 19 % VAT out of the paid amount in the standard mode", async () => {
    await context.close();
    context = await createTestContext({ config: { VAT_MODE: "standard" } });
    const { order } = await paidAdOrder(7500);
    expect(await issueInOwnTransaction(order.id)).toMatchObject({
      vatMode: "standard",
      vatRatePercent: 19,
      netCents: 6303,
      taxCents: 1197,
      grossCents: 7500,
    });
  });

  it("name a top event's party night and its paid period in the booking form's words", async () => {
    const user = await createUser(context.deps);
    const event = await createEvent(context.deps, {
      title: "Warehouse Nacht",
      startsAt: "2026-12-05T22:00:00Z",
    });
    const order = await createPaidOrder(context.deps, {
      userId: user.id,
      purpose: "top_event",
      eventId: event.id,
      amountCents: 3214,
      periodStartsAt: new Date("2026-11-27T08:54:00Z"),
      periodEndsAt: new Date("2026-12-06T05:00:00Z"),
    });
    const invoice = await issueInOwnTransaction(order.id);
    expect(invoice.lines).toEqual([
      {
        description: "Top-Event bis zur Party: „Warehouse Nacht“, Partynacht 05.12.2026",
        grossCents: 3214,
        period: { firstDay: "2026-11-27", lastDay: "2026-12-06" },
      },
    ]);
  });

  it("name the billing name and postal address given with the order", async () => {
    const { order } = await paidAdOrder();
    await context.deps.db
      .update(paymentOrders)
      .set({
        billingName: "Nachtschicht GmbH",
        billingAddress: "Karl-Liebknecht-Str. 9, 04107 Leipzig",
      })
      .where(eq(paymentOrders.id, order.id));
    expect((await issueInOwnTransaction(order.id)).buyer).toEqual({
      name: "Nachtschicht GmbH",
      organization: null,
      address: "Karl-Liebknecht-Str. 9, 04107 Leipzig",
      email: expect.stringContaining("@"),
    });
  });
});

describe("credit notes", () => {
  it("reverse a refunded order's invoice under their own number, the invoice unchanged", async () => {
    const { order } = await paidAdOrder();
    const invoice = await issueInOwnTransaction(order.id);
    await context.deps.db
      .update(paymentOrders)
      .set({ status: "refunded" })
      .where(eq(paymentOrders.id, order.id));
    const { id: refundId } = await createRefund(context.deps, {
      orderId: order.id,
      amountCents: 7500,
    });
    const refund = () =>
      context.deps.db.transaction((tx) => issueCreditNoteForRefund(tx, context.deps, refundId));
    const [creditNote, again] = await Promise.all([refund(), refund()]);
    expect(creditNote).toMatchObject({
      kind: "credit_note",
      number: "G-2026-000001",
      correctsId: invoice.id,
      refundId,
      grossCents: 7500,
      lines: invoice.lines,
    });
    expect(again.id).toBe(creditNote.id);
    const [stored] = await context.deps.db
      .select()
      .from(billingDocuments)
      .where(eq(billingDocuments.id, invoice.id));
    expect(stored).toEqual(invoice);
  });

  it("give back a part of an order: one line for the amount and the part of the period", async () => {
    await context.close();
    context = await createTestContext({ config: { VAT_MODE: "standard" } });
    const { order } = await paidAdOrder(7500);
    const invoice = await issueInOwnTransaction(order.id);
    const refund = await createRefund(context.deps, {
      orderId: order.id,
      amountCents: 3000,
      reason: "Party abgesagt",
      periodStartsAt: new Date("2026-11-25T23:00:00Z"),
      periodEndsAt: new Date("2026-11-29T23:00:00Z"),
    });
    const creditNote = await context.deps.db.transaction((tx) =>
      issueCreditNoteForRefund(tx, context.deps, refund.id),
    );
    expect(creditNote).toMatchObject({
      number: "G-2026-000001",
      correctsId: invoice.id,
      vatRatePercent: 19,
      netCents: 2521,
      taxCents: 479,
      grossCents: 3000,
      lines: [
        {
          description: `${invoice.lines[0]!.description} – Erstattung: Party abgesagt`,
          grossCents: 3000,
          period: { firstDay: "2026-11-26", lastDay: "2026-11-29" },
        },
      ],
    });
  });

  it("come with the invoice when a refund happens before one was issued", async () => {
    const { order } = await paidAdOrder();
    const refund = await createRefund(context.deps, { orderId: order.id, amountCents: 7500 });
    const creditNote = await context.deps.db.transaction((tx) =>
      issueCreditNoteForRefund(tx, context.deps, refund.id),
    );
    const documents = await context.deps.db.select().from(billingDocuments);
    expect(documents.map((document) => document.number).sort()).toEqual([
      "2026-000001",
      "G-2026-000001",
    ]);
    expect(creditNote.correctsId).toBe(documents.find((d) => d.kind === "invoice")!.id);
  });

  it("outlive the buyer's account, unchanged but for the link to it", async () => {
    const { user, order } = await paidAdOrder();
    const invoice = await issueInOwnTransaction(order.id);
    await context.deps.db.delete(users).where(eq(users.id, user.id));
    const [kept] = await context.deps.db.select().from(billingDocuments);
    expect(kept).toEqual({ ...invoice, userId: null });
  });

  it("leave issued documents unchangeable in the database", async () => {
    const { order } = await paidAdOrder();
    const invoice = await issueInOwnTransaction(order.id);
    await expect(
      context.deps.db
        .update(billingDocuments)
        .set({ grossCents: 1 })
        .where(eq(billingDocuments.id, invoice.id)),
    ).rejects.toThrow();
    await expect(
      context.deps.db.execute(sql`delete from billing_documents where id = ${invoice.id}`),
    ).rejects.toThrow();
  });
});
