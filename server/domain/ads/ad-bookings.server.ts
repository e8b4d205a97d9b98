import { eq } from "drizzle-orm";
import { fromWallClock } from "#common/dates.ts";
import { messages } from "#common/messages.ts";
import { adProductName } from "#common/promotion-products.ts";
import { adBookingSchema } from "#common/schemas/promotion.ts";
import { myAdsPath } from "#common/urls.ts";
import { ads } from "#server/db/schema/ads.ts";
import { paymentOrders } from "#server/db/schema/payments.ts";
import { users } from "#server/db/schema/users.ts";
import { adDuration, checkAdImage } from "./own-ads.server.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { ValidationError } from "#server/domain/errors.ts";
import { cityDayOf } from "#server/domain/kernel/city-day.server.ts";
import type { Actor } from "#server/domain/kernel/actor.ts";
import { parseInput } from "#server/domain/parse-input.ts";
import { billingAddressOfBooking } from "#server/domain/payments/billing-address.server.ts";
import { currentBookingTermsVersion } from "#server/domain/payments/booking-terms.server.ts";
import { ensureCheckout, insertOrder } from "#server/domain/payments/orders.server.ts";

/** Start days are taken up to a year ahead. */
const MAX_DAYS_AHEAD = 366;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The period of a booking: from the start day's midnight in the city, whole weeks long. It
 * moves later when the ad goes live after its start (`adLivePeriod`, decision 0211).
 */
function bookedPeriod(deps: DomainDeps, startDay: string, weeks: number) {
  const [year, month, day] = startDay.split("-").map(Number) as [number, number, number];
  const startsAt = fromWallClock(
    { year, month, day, hour: 0, minute: 0 },
    deps.config.city.timeZone,
  );
  const endsAt = fromWallClock(
    { year, month, day: day + weeks * 7, hour: 0, minute: 0 },
    deps.config.city.timeZone,
  );
  return { startsAt, endsAt };
}

/**
 * Books an ad: checks the creative (an image from the flyer pipeline, an http(s) target), the
 * placement, the start day (today or later) and the SPEC §9 duration id, takes the price from
 * `common/` constants, stores the ad as a draft with its order and opens the checkout. The
 * same form key twice is one booking.
 */
export async function bookAd(
  deps: DomainDeps,
  actor: Actor,
  input: unknown,
): Promise<{ adId: number; orderId: number; amountCents: number; checkoutUrl: string }> {
  const values = parseInput(adBookingSchema, input);
  const duration = adDuration(values.duration);
  const today = cityDayOf(deps);
  if (values.start_date < today) {
    throw new ValidationError({ start_date: [messages.dateInPast] });
  }
  if (
    values.start_date > cityDayOf(deps, new Date(deps.now().getTime() + MAX_DAYS_AHEAD * DAY_MS))
  ) {
    throw new ValidationError({ start_date: ["Höchstens ein Jahr im Voraus."] });
  }
  checkAdImage(values.image, actor.id);
  const period = bookedPeriod(deps, values.start_date, duration.weeks);
  const termsVersion = await currentBookingTermsVersion(deps);
  const billing = await billingAddressOfBooking(deps, actor.id, values);

  const { order, adId } = await deps.db.transaction(async (tx) => {
    const { order, created } = await insertOrder(tx, deps, {
      userId: actor.id,
      purpose: "ad",
      amountCents: duration.priceCents,
      ...billing,
      termsVersion,
      orderKey: values.order_key,
    });
    if (!created) return { order, adId: order.adId! };
    const [ad] = await tx
      .insert(ads)
      .values({
        ownerId: actor.id,
        title: values.title,
        imagePath: values.image,
        targetUrl: values.target_url,
        placement: values.placement,
        status: "draft",
        durationId: duration.id,
        startsAt: period.startsAt,
        endsAt: period.endsAt,
        createdAt: deps.now(),
        updatedAt: deps.now(),
      })
      .returning({ id: ads.id });
    const [linked] = await tx
      .update(paymentOrders)
      .set({ adId: ad!.id, periodStartsAt: period.startsAt, periodEndsAt: period.endsAt })
      .where(eq(paymentOrders.id, order.id))
      .returning();
    return { order: linked!, adId: ad!.id };
  });

  const [buyer] = await deps.db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, actor.id));
  const checkoutUrl = await ensureCheckout(deps, order, {
    description: `${adProductName(values.placement, duration.id)} „${values.title}“`,
    customerEmail: buyer?.email ?? null,
    returnPath: myAdsPath,
  });
  return { adId, orderId: order.id, amountCents: order.amountCents, checkoutUrl };
}
