import { AD_DURATIONS } from "./constants.ts";

/**
 * What the site sells, in the words of its booking forms: the forms, the checkout, the invoices
 * and credit notes all name a product from here, so an invoice never calls it otherwise.
 */

/** The one top-event product (decision 0210): from the payment to the end of the party's night. */
export const TOP_EVENT_PRODUCT = "Top-Event bis zur Party";

/** Where ads are shown; only the party listing is sold (the form's radio and the invoice). */
export const AD_PLACEMENTS = [
  { id: "listing", name: "Partyliste", where: "zwischen den Nächten" },
] as const;

export type SoldAdPlacement = (typeof AD_PLACEMENTS)[number]["id"];

/** "Partyliste (zwischen den Nächten)": the booking form's radio label. */
export const adPlacementLabel = (placement: (typeof AD_PLACEMENTS)[number]) =>
  `${placement.name} (${placement.where})`;

/**
 * "Anzeige in der Partyliste, 2 Wochen": an ad as the checkout and the invoice name it (a
 * placement that is not sold any more, from older rows, is just "Anzeige").
 */
export function adProductName(placement: string, durationId: number | null): string {
  const sold = AD_PLACEMENTS.find((candidate) => candidate.id === placement);
  const duration = AD_DURATIONS.find((candidate) => candidate.id === durationId);
  return [sold ? `Anzeige in der ${sold.name}` : "Anzeige", duration?.label]
    .filter(Boolean)
    .join(", ");
}
