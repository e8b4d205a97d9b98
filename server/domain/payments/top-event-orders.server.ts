import { eq } from "drizzle-orm";
import { formatNight, partyNightEnd, partyNightOf } from "#common/dates.ts";
import { formatCents } from "#common/money.ts";
import { countOf, nouns } from "#common/plural.ts";
import { TOP_EVENT_PRODUCT } from "#common/promotion-products.ts";
import { topEventOrderSchema } from "#common/schemas/promotion.ts";
import { promoteEventPath } from "#common/urls.ts";
import { users } from "#server/db/schema/users.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { ConflictError } from "#server/domain/errors.ts";
import {
  loadPromotableEvent,
  type EventRow,
} from "#server/domain/events/event-ownership.server.ts";
import type { Actor } from "#server/domain/kernel/actor.ts";
import { parseInput } from "#server/domain/parse-input.ts";
import { getSiteSettings } from "#server/domain/settings/site-settings.server.ts";
import { billingAddressOfBooking } from "./billing-address.server.ts";
import { currentBookingTermsVersion } from "./booking-terms.server.ts";
import { ensureCheckout, insertOrder } from "./orders.server.ts";
import { firstPromotableNight, topEventCover, type TopEventCover } from "./top-event-cover.ts";

/** Said when a payment would buy nothing: the party's night is covered already. */
export const alreadyCoveredMessage = "Deine Party ist schon bis zum Ende ihrer Nacht Top-Event.";

/** Why an event cannot be promoted now, in German; null when it can. */
export function whyNotPromotable(event: EventRow, now: Date, timeZone: string): string | null {
  if (event.status === "cancelled") return "Eine abgesagte Party kann nicht hervorgehoben werden.";
  if (event.startsAt <= now) return "Eine vergangene Party kann nicht hervorgehoben werden.";
  if (event.status !== "published") {
    return "Nur veröffentlichte Partys können hervorgehoben werden.";
  }
  const firstNight = firstPromotableNight(event.startsAt, timeZone);
  if (partyNightOf(now, timeZone) < firstNight) {
    return `Hervorheben kannst Du diese Party ab ${formatNight(firstNight)}, vier Wochen vor ihrer Nacht.`;
  }
  return null;
}

export interface TopEventOffer {
  event: { id: number; title: string; slug: string; startsAt: Date; topUntil: Date | null };
  pricePerWeekCents: number;
  /** When the party's night is over: where every top event of it ends. */
  nightEndsAt: Date;
  /**
   * What a payment buys now, "Top-Event bis zur Party" with its price (the only product,
   * decision 0210); null when the party's night is covered already.
   */
  cover: (TopEventCover & { label: string }) | null;
}

/**
 * The promotion screen's offer for one of the actor's events (refusals in German); the API
 * answers the same offer, so both show the same period and price.
 */
export async function topEventOffer(
  deps: DomainDeps,
  actor: Actor,
  eventId: number,
): Promise<TopEventOffer> {
  const event = await loadPromotableEvent(deps, actor, eventId);
  const now = deps.now();
  const timeZone = deps.config.city.timeZone;
  const refusal = whyNotPromotable(event, now, timeZone);
  if (refusal) throw new ConflictError(refusal);
  const { topEventPricePerWeekCents } = await getSiteSettings(deps);
  const cover = topEventCover({
    partyStartsAt: event.startsAt,
    topUntil: event.topUntil,
    now,
    pricePerWeekCents: topEventPricePerWeekCents,
    timeZone,
  });
  return {
    event: {
      id: event.id,
      title: event.title,
      slug: event.slug,
      startsAt: event.startsAt,
      topUntil: event.topUntil && event.topUntil > now ? event.topUntil : null,
    },
    pricePerWeekCents: topEventPricePerWeekCents,
    nightEndsAt: partyNightEnd(event.startsAt, timeZone),
    cover: cover && {
      ...cover,
      label: `${TOP_EVENT_PRODUCT} (${countOf(cover.nights, nouns.night)}) – ${formatCents(cover.amountCents)}`,
    },
  };
}

/**
 * Orders "Top-Event bis zur Party" for one of the actor's upcoming published events: its
 * period is planned to the end of the party's night, its price computed here
 * (`topEventCover`). The same form key twice is one order.
 */
export async function orderTopEvent(
  deps: DomainDeps,
  actor: Actor,
  eventId: number,
  input: unknown,
): Promise<{ orderId: number; amountCents: number; checkoutUrl: string }> {
  // The party first: an unknown id or someone else's party is refused whatever was posted.
  const offer = await topEventOffer(deps, actor, eventId);
  const values = parseInput(topEventOrderSchema, input);
  if (!offer.cover) throw new ConflictError(alreadyCoveredMessage);
  const { cover } = offer;
  const termsVersion = await currentBookingTermsVersion(deps);
  const billing = await billingAddressOfBooking(deps, actor.id, values);
  const { order } = await deps.db.transaction((tx) =>
    insertOrder(tx, deps, {
      userId: actor.id,
      purpose: "top_event",
      eventId,
      amountCents: cover.amountCents,
      periodEndsAt: cover.endsAt,
      ...billing,
      termsVersion,
      orderKey: values.order_key,
    }),
  );
  const [buyer] = await deps.db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, actor.id));
  const night = partyNightOf(offer.event.startsAt, deps.config.city.timeZone);
  const checkoutUrl = await ensureCheckout(deps, order, {
    description: `${TOP_EVENT_PRODUCT} „${offer.event.title}“ (${formatNight(night)})`,
    customerEmail: buyer?.email ?? null,
    returnPath: promoteEventPath(eventId),
  });
  return { orderId: order.id, amountCents: order.amountCents, checkoutUrl };
}
