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
    /** Top events: how many weeks were bought. */
    weeks: integer("weeks"),
    /** The promoted period, fixed at fulfilment (top events) or at booking (ads). */
    periodStartsAt: timestamp("period_starts_at", { withTimezone: true }),
    periodEndsAt: timestamp("period_ends_at", { withTimezone: true }),
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

/** Provider events already handled (webhook replays are answered without a second effect). */
export const paymentWebhookEvents = pgTable("payment_webhook_events", {
  eventId: text("event_id").primaryKey(),
  provider: text("provider").notNull(),
  type: text("type").notNull(),
  orderId: integer("order_id").references(() => paymentOrders.id, { onDelete: "set null" }),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});
