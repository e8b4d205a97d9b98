import {
  type AnyPgColumn,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { paymentOrders, paymentRefunds } from "./payments.ts";
import { users } from "./users.ts";

export const billingDocumentKind = pgEnum("billing_document_kind", ["invoice", "credit_note"]);
export const vatMode = pgEnum("vat_mode", ["small_business", "standard"]);

/** Who is named on a document, as it was when the document was issued. */
export interface BillingParty {
  name: string;
  /** The organiser profile the buyer books for, if any. */
  organization?: string | null;
  /** Free-text postal address (the operator's settings). */
  address?: string | null;
  email?: string | null;
  phone?: string | null;
  vatId?: string | null;
}

/** The days a line's service covers, in the city's calendar: first and last day, both included. */
export interface ServicePeriod {
  firstDay: string;
  lastDay: string;
}

/** One line of a document; amounts are gross cents as the order was paid. */
export interface BillingLine {
  description: string;
  grossCents: number;
  /** The service period (documents issued before decision 0211 have none). */
  period?: ServicePeriod;
}

/**
 * The last number given per series and year: the next document takes it + 1 by updating this row
 * in its own transaction, so the row stays locked until that transaction ends and a rollback (or a
 * crash) gives the number back — numbers have no gaps (decision 0067).
 */
export const billingNumberCounters = pgTable(
  "billing_number_counters",
  {
    series: billingDocumentKind("series").notNull(),
    year: integer("year").notNull(),
    lastNumber: integer("last_number").notNull(),
  },
  (table) => [primaryKey({ columns: [table.series, table.year] })],
);

/**
 * Invoices and credit notes: everything printed on them is stored when issued (the documents are
 * rendered from this row on demand), and nothing of it changes afterwards — a trigger refuses
 * edits and deletions; a refund is a new credit note that names the invoice it corrects.
 */
export const billingDocuments = pgTable(
  "billing_documents",
  {
    id: serial("id").primaryKey(),
    kind: billingDocumentKind("kind").notNull(),
    number: text("number").notNull(),
    year: integer("year").notNull(),
    sequence: integer("sequence").notNull(),
    orderId: integer("order_id")
      .notNull()
      .references(() => paymentOrders.id),
    /** The account it belongs to (downloads); emptied when the account is deleted. */
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    correctsId: integer("corrects_id").references((): AnyPgColumn => billingDocuments.id),
    /** The refund a credit note documents (older credit notes: null, one per order). */
    refundId: integer("refund_id").references(() => paymentRefunds.id),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull(),
    currency: text("currency").notNull(),
    vatMode: vatMode("vat_mode").notNull(),
    vatRatePercent: integer("vat_rate_percent").notNull(),
    netCents: integer("net_cents").notNull(),
    taxCents: integer("tax_cents").notNull(),
    grossCents: integer("gross_cents").notNull(),
    seller: jsonb("seller").$type<BillingParty>().notNull(),
    buyer: jsonb("buyer").$type<BillingParty>().notNull(),
    lines: jsonb("lines").$type<BillingLine[]>().notNull(),
    /** When the document went out by mail (null: still owed). */
    mailedAt: timestamp("mailed_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("billing_documents_number_unique").on(table.number),
    uniqueIndex("billing_documents_invoice_per_order_unique")
      .on(table.orderId)
      .where(sql`${table.kind} = 'invoice'`),
    uniqueIndex("billing_documents_refund_unique").on(table.refundId),
    index("billing_documents_user_idx").on(table.userId, table.issuedAt),
  ],
);

export type BillingDocumentKind = (typeof billingDocumentKind.enumValues)[number];
export type VatMode = (typeof vatMode.enumValues)[number];
export type BillingDocument = typeof billingDocuments.$inferSelect;
