/** How the site names the states of ads and payment orders (user area and admin lists). */

export const adStatusLabels = {
  draft: "Entwurf",
  paid: "bezahlt",
  awaiting_approval: "wartet auf Freigabe",
  active: "aktiv",
  expired: "abgelaufen",
  rejected: "abgelehnt",
} as const;

export type AdDisplayStatus = keyof typeof adStatusLabels;

export const orderStatusLabels = {
  created: "offen",
  pending: "Zahlung unterwegs",
  paid: "bezahlt",
  fulfilled: "ausgeführt",
  failed: "fehlgeschlagen",
  cancelled: "abgebrochen",
  expired: "abgelaufen",
  refunded: "erstattet",
} as const;
