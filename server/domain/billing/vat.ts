import type { VatMode } from "#server/db/schema/invoices.ts";

/** The German standard VAT rate (§ 12 Abs. 1 UStG). */
export const STANDARD_VAT_RATE_PERCENT = 19;

export interface VatSplit {
  vatRatePercent: number;
  netCents: number;
  taxCents: number;
}

/**
 * Splits a paid gross amount: small businesses (§ 19 UStG) charge no VAT; otherwise the net is the
 * gross / 1.19 rounded to the cent and the tax what is left, so net + tax is exactly what was paid.
 */
export function splitGross(grossCents: number, vatMode: VatMode): VatSplit {
  if (vatMode === "small_business") return { vatRatePercent: 0, netCents: grossCents, taxCents: 0 };
  const netCents = Math.round((grossCents * 100) / (100 + STANDARD_VAT_RATE_PERCENT));
  return {
    vatRatePercent: STANDARD_VAT_RATE_PERCENT,
    netCents,
    taxCents: grossCents - netCents,
  };
}
