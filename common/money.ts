const euroFormatter = new Intl.NumberFormat("de-DE", { style: "currency", currency: "EUR" });

/** 7500 → "75,00 €" (with a no-break space before the sign). */
export function formatCents(cents: number): string {
  return euroFormatter.format(cents / 100);
}
