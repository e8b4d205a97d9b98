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
    idempotencyKey: text("idempotency_key").notNull(),
    history: jsonb("history").$type<PaymentHistoryEntry[]>().notNull().default([]),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("payment_orders_idempotency_unique").on(table.idempotencyKey),
    uniqueIndex("payment_orders_provider_ref_unique").on(table.provider, table.providerReference),
    index("payment_orders_user_idx").on(table.userId),
  ],
);
