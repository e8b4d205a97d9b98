import { and, eq } from "drizzle-orm";
import type { Database } from "#server/db/client.server.ts";
import { billingDocuments, type BillingDocument } from "#server/db/schema/invoices.ts";
import { paymentOrders, paymentRefunds } from "#server/db/schema/payments.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { cityDayOf } from "#server/domain/kernel/city-day.server.ts";
import { getSiteSettings } from "#server/domain/settings/site-settings.server.ts";
import { takeBillingNumber } from "./billing-numbers.server.ts";
import type { BillingTransaction } from "./billing-transaction.ts";
import { servicePeriodOf } from "./billing-document-text.ts";
import { invoiceBuyer } from "./invoice-buyer.server.ts";
import { invoiceLineOf } from "./invoice-lines.server.ts";
import { invoiceSeller } from "./invoice-seller.server.ts";
import { splitGross } from "./vat.ts";

/**
 * Order states in which money was received at some point ("fulfilled": issue 11's state after
 * "paid", which the payment flow adds).
 */
const receivedMoney = new Set<string>(["paid", "refunded", "fulfilled"]);

/** Locks the order for the rest of `tx`: one issuer per order at a time. */
async function lockOrder(tx: BillingTransaction, orderId: number) {
  const [order] = await tx
    .select()
    .from(paymentOrders)
    .where(eq(paymentOrders.id, orderId))
    .for("update");
  if (!order) throw new Error(`Payment order ${orderId} does not exist`);
  if (!receivedMoney.has(order.status)) {
    throw new Error(`Payment order ${orderId} is ${order.status}: nothing was paid`);
  }
  return order;
}

async function existingInvoice(
  tx: BillingTransaction,
  orderId: number,
): Promise<BillingDocument | undefined> {
  const [document] = await tx
    .select()
    .from(billingDocuments)
    .where(and(eq(billingDocuments.orderId, orderId), eq(billingDocuments.kind, "invoice")));
  return document;
}

async function insertDocument(
  tx: BillingTransaction,
  deps: DomainDeps,
  values: Omit<typeof billingDocuments.$inferInsert, "number" | "year" | "sequence" | "issuedAt">,
): Promise<BillingDocument> {
  const issuedAt = deps.now();
  const year = Number(cityDayOf(deps, issuedAt).slice(0, 4));
  const { number, sequence } = await takeBillingNumber(tx, values.kind, year);
  const [document] = await tx
    .insert(billingDocuments)
    .values({ ...values, number, year, sequence, issuedAt })
    .returning();
  return document!;
}

/**
 * The invoice of a paid order, issued in the transaction that records the payment (call it after
 * the order's purchase took effect, so the line names the booked period). Idempotent: a second
 * call answers the invoice already issued. Its number comes from the counter locked in `tx`, so
 * numbers have no gaps (decision 0067). Mail it after the commit with `sendOwedBillingMails`.
 */
export async function issueInvoiceForPaidOrder(
  tx: BillingTransaction,
  deps: DomainDeps,
  orderId: number,
): Promise<BillingDocument> {
  const order = await lockOrder(tx, orderId);
  const existing = await existingInvoice(tx, orderId);
  if (existing) return existing;
  const settings = await getSiteSettings({ ...deps, db: tx as Database });
  const { vatMode } = settings;
  const buyer = order.userId
    ? await invoiceBuyer(tx, order.userId, order)
    : { name: "Gelöschtes Konto", email: null };
  return insertDocument(tx, deps, {
    kind: "invoice",
    orderId,
    userId: order.userId,
    currency: order.currency,
    vatMode,
    ...splitGross(order.amountCents, vatMode),
    grossCents: order.amountCents,
    seller: invoiceSeller(settings),
    buyer,
    lines: [await invoiceLineOf(tx, deps, order)],
  });
}

/**
 * The credit note (Stornorechnung) of a refund (decision 0210): a new document with its own
 * number that names the order's invoice; the invoice itself never changes. A refund of the
 * whole order reverses the invoice line for line; a part (a top event whose party moved earlier
 * or was cancelled) is one line for the amount and the part of the period given back.
 * Idempotent like the invoice; an order refunded before its invoice was issued gets both.
 */
export async function issueCreditNoteForRefund(
  tx: BillingTransaction,
  deps: DomainDeps,
  refundId: number,
): Promise<BillingDocument> {
  const [refund] = await tx.select().from(paymentRefunds).where(eq(paymentRefunds.id, refundId));
  if (!refund) throw new Error(`Refund ${refundId} does not exist`);
  await lockOrder(tx, refund.orderId);
  const [existing] = await tx
    .select()
    .from(billingDocuments)
    .where(eq(billingDocuments.refundId, refundId));
  if (existing) return existing;
  const invoice = await issueInvoiceForPaidOrder(tx, deps, refund.orderId);
  const whole = refund.amountCents === invoice.grossCents;
  const [first] = invoice.lines;
  const period =
    refund.periodStartsAt && refund.periodEndsAt
      ? servicePeriodOf(refund.periodStartsAt, refund.periodEndsAt, deps.config.city.timeZone)
      : first?.period;
  return insertDocument(tx, deps, {
    kind: "credit_note",
    orderId: refund.orderId,
    refundId,
    userId: invoice.userId,
    correctsId: invoice.id,
    currency: invoice.currency,
    vatMode: invoice.vatMode,
    ...(whole
      ? {
          vatRatePercent: invoice.vatRatePercent,
          netCents: invoice.netCents,
          taxCents: invoice.taxCents,
        }
      : splitGross(refund.amountCents, invoice.vatMode)),
    grossCents: refund.amountCents,
    seller: invoice.seller,
    buyer: invoice.buyer,
    lines: whole
      ? invoice.lines
      : [
          {
            description: `${first?.description ?? "Buchung"} – Erstattung: ${refund.reason}`,
            grossCents: refund.amountCents,
            ...(period ? { period } : {}),
          },
        ],
  });
}
