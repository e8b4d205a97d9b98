import { countOf, nouns } from "#common/plural.ts";
import { eq } from "drizzle-orm";
import { TOP_EVENT_MAX_WEEKS } from "#common/constants.ts";
import { formatCents } from "#common/money.ts";
import { topEventOrderSchema } from "#common/schemas/promotion.ts";
import { promoteEventPath } from "#common/urls.ts";
import { users } from "#server/db/schema/users.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { ConflictError } from "#server/domain/errors.ts";
import {
  loadManagedEvent,
  type Actor,
  type EventRow,
} from "#server/domain/events/event-ownership.server.ts";
import { parseInput } from "#server/domain/parse-input.ts";
import { getSiteSettings } from "#server/domain/settings/site-settings.server.ts";
import { currentBookingTermsVersion } from "./booking-terms.server.ts";
import { ensureCheckout, insertOrder } from "./orders.server.ts";

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/** Why an event cannot be promoted, in German; null when it can. */
export function whyNotPromotable(event: EventRow, now: Date): string | null {
  if (event.status === "cancelled") return "Eine abgesagte Party kann nicht hervorgehoben werden.";
  if (event.startsAt <= now) return "Eine vergangene Party kann nicht hervorgehoben werden.";
  if (event.status !== "published") {
    return "Nur veröffentlichte Partys können hervorgehoben werden.";
  }
  return null;
}

/** The promoted period a payment buys now: it starts now, or where a running one ends. */
export function topEventPeriod(event: Pick<EventRow, "topUntil">, weeks: number, now: Date) {
  const startsAt = event.topUntil && event.topUntil > now ? event.topUntil : now;
  return { startsAt, endsAt: new Date(startsAt.getTime() + weeks * WEEK_MS) };
}

export interface TopEventOffer {
  event: { id: number; title: string; slug: string; startsAt: Date; topUntil: Date | null };
  pricePerWeekCents: number;
  /** 1 to 4 weeks with their prices. */
  choices: { weeks: number; amountCents: number; label: string }[];
}

/** The promotion screen's offer for one of the actor's events (refusals in German). */
export async function topEventOffer(
  deps: DomainDeps,
  actor: Actor,
  eventId: number,
): Promise<TopEventOffer> {
  const event = await loadManagedEvent(deps, actor, eventId, "promote");
  const refusal = whyNotPromotable(event, deps.now());
  if (refusal) throw new ConflictError(refusal);
  const { topEventPricePerWeekCents } = await getSiteSettings(deps);
  return {
    event: {
      id: event.id,
      title: event.title,
      slug: event.slug,
      startsAt: event.startsAt,
      topUntil: event.topUntil && event.topUntil > deps.now() ? event.topUntil : null,
    },
    pricePerWeekCents: topEventPricePerWeekCents,
    choices: Array.from({ length: TOP_EVENT_MAX_WEEKS }, (_, index) => {
      const weeks = index + 1;
      const amountCents = weeks * topEventPricePerWeekCents;
      return {
        weeks,
        amountCents,
        label: `${countOf(weeks, nouns.week)} – ${formatCents(amountCents)}`,
      };
    }),
  };
}

/**
 * Orders a top-event period for one of the actor's upcoming published events: weeks × the
 * price per week (site settings), computed here. The same form key twice is one order.
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
  const amountCents = values.weeks * offer.pricePerWeekCents;
  const termsVersion = await currentBookingTermsVersion(deps);
  const { order } = await deps.db.transaction((tx) =>
    insertOrder(tx, deps, {
      userId: actor.id,
      purpose: "top_event",
      eventId,
      weeks: values.weeks,
      amountCents,
      termsVersion,
      orderKey: values.order_key,
    }),
  );
  const [buyer] = await deps.db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, actor.id));
  const checkoutUrl = await ensureCheckout(deps, order, {
    description: `Top-Event „${offer.event.title}“, ${countOf(values.weeks, nouns.week)}`,
    customerEmail: buyer?.email ?? null,
    returnPath: promoteEventPath(eventId),
  });
  return { orderId: order.id, amountCents: order.amountCents, checkoutUrl };
}
