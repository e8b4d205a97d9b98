import {
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { ads } from "./ads.ts";
import { events } from "./events.ts";
import { users } from "./users.ts";

export const paymentPurpose = pgEnum("payment_purpose", ["top_event", "ad"]);
export const paymentStatus = pgEnum("payment_status", [
  "created",
  "pending",
  "paid",
  "failed",
  "cancelled",
  "refunded",
  "fulfilled",
  "expired",
]);

export interface PaymentHistoryEntry {
  at: string;
  status: string;
  note?: string;
}

export const paymentOrders = pgTable(
  "payment_orders",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    provider: text("provider").notNull(),
    providerReference: text("provider_reference"),
    purpose: paymentPurpose("purpose").notNull(),
    eventId: integer("event_id").references(() => events.id, { onDelete: "set null" }),
    adId: integer("ad_id").references(() => ads.id, { onDelete: "set null" }),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull().default("EUR"),
    status: paymentStatus("status").notNull().default("created"),
    /** The provider's payment (Stripe: the PaymentIntent), needed to refund. */
    providerPaymentId: text("provider_payment_id"),
    /** Where the buyer pays (the provider's checkout page). */
    checkoutUrl: text("checkout_url"),
    /** Top events bought by the week before decision 0210 (new ones cover their party: null). */
    weeks: integer("weeks"),
    /**
     * The paid period. Top events: planned to the end of the party's night when ordered, begun
     * at fulfilment, cut when the party is moved earlier or cancelled (decision 0210). Ads: the
     * booked period, moved to begin when the ad goes live (decision 0211).
     */
    periodStartsAt: timestamp("period_starts_at", { withTimezone: true }),
    periodEndsAt: timestamp("period_ends_at", { withTimezone: true }),
    /** The buyer's name and postal address for the invoice, as given with the order. */
    billingName: text("billing_name"),
    billingAddress: text("billing_address"),
    /** The version of the booking terms (AGB) the buyer accepted. */
    termsVersion: text("terms_version").notNull(),
    /** An unpaid order expires at this instant. */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** When the statistics mail for the ended period went out. */
    statisticsMailedAt: timestamp("statistics_mailed_at", { withTimezone: true }),
    idempotencyKey: text("idempotency_key").notNull(),
    history: jsonb("history").$type<PaymentHistoryEntry[]>().notNull().default([]),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("payment_orders_idempotency_unique").on(table.idempotencyKey),
    uniqueIndex("payment_orders_provider_ref_unique").on(table.provider, table.providerReference),
    index("payment_orders_user_idx").on(table.userId),
    index("payment_orders_status_idx").on(table.status),
  ],
);

/**
 * Money owed back on an order (decision 0210): in full (a rejected ad, a payment that cannot be
 * fulfilled) or in part (a top event whose party moved earlier or was cancelled). Recorded with
 * its credit note in one transaction, then paid out through the provider under `provider_key`
 * (idempotent); `refunded_at` stays null until the provider took it, and the payments job
 * retries until then.
 */
export const paymentRefunds = pgTable(
  "payment_refunds",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => paymentOrders.id),
    amountCents: integer("amount_cents").notNull(),
    /** Why, in German words for the credit note ("Party abgesagt"). */
    reason: text("reason").notNull(),
    /** The part of the paid period given back; null: the whole order. */
    periodStartsAt: timestamp("period_starts_at", { withTimezone: true }),
    periodEndsAt: timestamp("period_ends_at", { withTimezone: true }),
    providerKey: text("provider_key").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("payment_refunds_provider_key_unique").on(table.providerKey),
    index("payment_refunds_order_idx").on(table.orderId),
  ],
);

/** Provider events already handled (webhook replays are answered without a second effect). */
export const paymentWebhookEvents = pgTable("payment_webhook_events", {
  eventId: text("event_id").primaryKey(),
  provider: text("provider").notNull(),
  type: text("type").notNull(),
  orderId: integer("order_id").references(() => paymentOrders.id, { onDelete: "set null" }),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});
