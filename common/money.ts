const euroFormatter = new Intl.NumberFormat("de-DE", { style: "currency", currency: "EUR" });

/** 7500 → "75,00 €" (with a no-break space before the sign). */
export function formatCents(cents: number): string {
  return euroFormatter.format(cents / 100);
}

/** What a party says about its entry price (the event's price fields). */
export interface PartyPrice {
  /** The organiser's own words ("AK 15 €, VVK 12 €"); they win over the amounts. */
  priceText: string | null;
  priceMinCents: number | null;
  priceMaxCents: number | null;
}

/**
 * The entry price as the site shows it: the organiser's words, else "12,00 €" or
 * "12,00 € – 18,00 €" (lower amount first), "bis 18,00 €" with only an upper amount; null when
 * nothing is known.
 */
export function priceLabel({ priceText, priceMinCents, priceMaxCents }: PartyPrice): string | null {
  const text = priceText?.trim();
  if (text) return text;
  if (priceMinCents === null) {
    return priceMaxCents === null ? null : `bis ${formatCents(priceMaxCents)}`;
  }
  if (priceMaxCents === null || priceMaxCents === priceMinCents) return formatCents(priceMinCents);
  const low = Math.min(priceMinCents, priceMaxCents);
  const high = Math.max(priceMinCents, priceMaxCents);
  return `${formatCents(low)} – ${formatCents(high)}`;
}
