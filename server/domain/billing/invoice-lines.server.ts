import { eq } from "drizzle-orm";
import { partyNightOf } from "#common/dates.ts";
import { adProductName, TOP_EVENT_PRODUCT } from "#common/promotion-products.ts";
import { ads } from "#server/db/schema/ads.ts";
import { events } from "#server/db/schema/events.ts";
import type { BillingLine } from "#server/db/schema/invoices.ts";
import type { paymentOrders } from "#server/db/schema/payments.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { servicePeriodOf } from "./billing-document-text.ts";
import type { BillingTransaction } from "./billing-transaction.ts";

type Order = typeof paymentOrders.$inferSelect;

/** "05.12.2026" for a party night ("YYYY-MM-DD"). */
const nightDate = (night: string) => night.split("-").reverse().join(".");

/**
 * What an order bought, as the invoice line names it — in the booking form's words
 * (`common/promotion-products.ts`): "Top-Event bis zur Party: „<title>“, Partynacht 05.12.2026"
 * or "Anzeige in der Partyliste, 2 Wochen: „<title>“" — with the paid period the order holds
 * (the top event's from payment to the end of the party's night, the ad's from going live).
 */
export async function invoiceLineOf(
  tx: BillingTransaction,
  deps: DomainDeps,
  order: Order,
): Promise<BillingLine> {
  const timeZone = deps.config.city.timeZone;
  const period =
    order.periodStartsAt && order.periodEndsAt
      ? { period: servicePeriodOf(order.periodStartsAt, order.periodEndsAt, timeZone) }
      : {};
  if (order.purpose === "top_event") {
    const [event] = order.eventId
      ? await tx
          .select({ title: events.title, startsAt: events.startsAt })
          .from(events)
          .where(eq(events.id, order.eventId))
      : [];
    const party = event
      ? `„${event.title}“, Partynacht ${nightDate(partyNightOf(event.startsAt, timeZone))}`
      : "gelöschte Party";
    return {
      description: `${TOP_EVENT_PRODUCT}: ${party}`,
      grossCents: order.amountCents,
      ...period,
    };
  }
  const [ad] = order.adId
    ? await tx
        .select({ title: ads.title, placement: ads.placement, durationId: ads.durationId })
        .from(ads)
        .where(eq(ads.id, order.adId))
    : [];
  return {
    description: ad
      ? `${adProductName(ad.placement, ad.durationId)}: „${ad.title}“`
      : "Anzeige (gelöscht)",
    grossCents: order.amountCents,
    ...period,
  };
}
