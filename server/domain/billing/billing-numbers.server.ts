import { sql } from "drizzle-orm";
import { billingNumberCounters, type BillingDocumentKind } from "#server/db/schema/invoices.ts";
import type { BillingTransaction } from "./billing-transaction.ts";

const prefixes: Record<BillingDocumentKind, string> = { invoice: "", credit_note: "G-" };

/**
 * The next number of a series in a year: "2026-000001" for invoices, "G-2026-000001" for credit
 * notes. Takes the counter row's lock until `tx` ends, so parallel issuers queue and a rollback
 * returns the number: no gaps, no duplicates (decision 0067).
 */
export async function takeBillingNumber(
  tx: BillingTransaction,
  series: BillingDocumentKind,
  year: number,
): Promise<{ number: string; sequence: number }> {
  const [row] = await tx
    .insert(billingNumberCounters)
    .values({ series, year, lastNumber: 1 })
    .onConflictDoUpdate({
      target: [billingNumberCounters.series, billingNumberCounters.year],
      set: { lastNumber: sql`${billingNumberCounters.lastNumber} + 1` },
    })
    .returning({ lastNumber: billingNumberCounters.lastNumber });
  const sequence = row!.lastNumber;
  return { number: `${prefixes[series]}${year}-${String(sequence).padStart(6, "0")}`, sequence };
}
