import { eq } from "drizzle-orm";
import { AD_DURATIONS } from "#common/constants.ts";
import { ads } from "#server/db/schema/ads.ts";
import { events } from "#server/db/schema/events.ts";
import type { BillingLine } from "#server/db/schema/invoices.ts";
import type { paymentOrders } from "#server/db/schema/payments.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { documentDate } from "./billing-document-text.ts";
import type { BillingTransaction } from "./billing-transaction.ts";

type Order = typeof paymentOrders.$inferSelect;

const placementNames: Record<(typeof ads.placement.enumValues)[number], string> = {
  listing: "Listenseiten",
  sidebar: "Seitenleiste",
  newsletter: "Newsletter",
};

/**
 * What an order bought, as the invoice line names it: "Top-Event: <title>, <first> – <last day>" (the
 * period the fulfilment stored on the order; else the event's top period) or "Anzeige: <placement>, <n> Woche(n)".
 */
export async function invoiceLineOf(
  tx: BillingTransaction,
  deps: DomainDeps,
  order: Order,
): Promise<BillingLine> {
  if (order.purpose === "top_event") {
    const [event] = order.eventId
      ? await tx
          .select({ title: events.title, topUntil: events.topUntil })
          .from(events)
          .where(eq(events.id, order.eventId))
      : [];
    const title = event?.title ?? "gelöschte Party";
    const zone = deps.config.city.timeZone;
    const period =
      order.periodStartsAt && order.periodEndsAt
        ? `, ${documentDate(order.periodStartsAt, zone)} – ${documentDate(order.periodEndsAt, zone)}`
        : event?.topUntil
          ? `, bis ${documentDate(event.topUntil, zone)}`
          : "";
    return { description: `Top-Event: ${title}${period}`, grossCents: order.amountCents };
  }
  const [ad] = order.adId
    ? await tx
        .select({ placement: ads.placement, durationId: ads.durationId, startsAt: ads.startsAt })
        .from(ads)
        .where(eq(ads.id, order.adId))
    : [];
  const duration = AD_DURATIONS.find((candidate) => candidate.id === ad?.durationId);
  const parts = [
    ad ? placementNames[ad.placement] : "gelöschte Anzeige",
    duration?.label,
    ad?.startsAt ? `ab ${documentDate(ad.startsAt, deps.config.city.timeZone)}` : undefined,
  ].filter(Boolean);
  return { description: `Anzeige: ${parts.join(", ")}`, grossCents: order.amountCents };
}
