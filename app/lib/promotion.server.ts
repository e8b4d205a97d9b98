import { randomBytes } from "node:crypto";
import { formatCtr } from "#common/click-rate.ts";
import { formatDateTime } from "#common/dates.ts";
import { isDatabaseId } from "#common/database-id.ts";
import { redirect, type AppLoadContext } from "react-router";
import { ConflictError, NotYoursError, PermissionDeniedError } from "#server/domain/errors.ts";
import { accountBillingAddress } from "#server/domain/payments/billing-address.server.ts";
import { ownOrder } from "#server/domain/payments/orders.server.ts";
import { topEventPromotions } from "#server/domain/promotion-statistics/top-event-statistics.server.ts";
import { topEventStatisticsTable } from "#server/domain/payments/statistics-mail.server.ts";
import { topEventOffer } from "#server/domain/payments/top-event-orders.server.ts";
import type { SessionUser } from "#server/domain/auth/session-tokens.server.ts";
import type { Actor } from "#server/domain/kernel/actor.ts";
import { formAction } from "./form-action.server.ts";
import { orNotFound } from "./not-found.server.ts";
import { actorOf, requireUser } from "./session.server.ts";

/**
 * What an order form (a top event, an ad) starts with: a fresh order key — a double click sends
 * it twice and makes one order — and the invoice name and address the account holds.
 */
export async function checkoutDefaults(context: AppLoadContext, user: SessionUser) {
  const billing = await accountBillingAddress(context.deps, user.id);
  return {
    order_key: randomBytes(16).toString("hex"),
    billing_name: billing.billingName ?? "",
    billing_address: billing.billingAddress ?? "",
  };
}

/**
 * The action of an order form (a top event, an ad): places the signed-in user's order with the
 * posted values (the terms a checkbox) and sends them on to the checkout.
 */
export function checkoutAction(
  args: { request: Request; context: AppLoadContext },
  placeOrder: (actor: Actor, values: Record<string, unknown>) => Promise<{ checkoutUrl: string }>,
) {
  const user = requireUser(args.request, args.context);
  return formAction(
    args,
    async ({ values }) => {
      const order = await placeOrder(actorOf(user, args.context), values);
      throw redirect(order.checkoutUrl);
    },
    { checkboxes: ["accept_terms"] },
  );
}

/**
 * The top-event offer for one of the user's events; someone else's party is the 404 page. A
 * party that cannot be promoted (cancelled, past, unpublished), or that only its profile's
 * owners may promote (decision 0232), answers its German reason.
 */
export async function topEventOfferFor(
  context: AppLoadContext,
  user: SessionUser,
  eventId: number,
) {
  try {
    return {
      offer: await orNotFound(topEventOffer(context.deps, actorOf(user, context), eventId)),
    };
  } catch (error) {
    const ownersOnly = error instanceof PermissionDeniedError && !(error instanceof NotYoursError);
    if (error instanceof ConflictError || ownersOnly) return { refusal: error.message };
    throw error;
  }
}

/**
 * The party's paid top-event periods with impressions, clicks, CTR and page views per day
 * (its creator only).
 */
export async function topEventPromotionsFor(
  context: AppLoadContext,
  user: SessionUser,
  eventId: number,
) {
  const promotions = await topEventPromotions(context.deps, actorOf(user, context), eventId);
  return promotions.map((promotion) => ({
    orderId: promotion.orderId,
    period: `${formatDateTime(promotion.startsAt)} bis ${formatDateTime(promotion.endsAt)}`,
    impressions: promotion.statistics.views,
    clicks: promotion.statistics.clicks,
    ctr: formatCtr(promotion.statistics.ctr),
    pageViews: promotion.statistics.pageViews,
    days: promotion.statistics.days.map((day) => ({ day: day.day, views: day.views })),
    table: topEventStatisticsTable(promotion.statistics),
  }));
}

/** The state of an order the buyer comes back from (`?bestellung=`), if it is theirs. */
export async function returnedOrder(context: AppLoadContext, user: SessionUser, request: Request) {
  const url = new URL(request.url);
  const id = Number(url.searchParams.get("bestellung"));
  if (!isDatabaseId(id)) return null;
  try {
    const order = await ownOrder(context.deps, user.id, id);
    return {
      status: order.status,
      purpose: order.purpose,
      cancelledByBuyer: url.searchParams.get("abgebrochen") === "1",
      periodEndsAt: order.periodEndsAt?.toISOString() ?? null,
    };
  } catch {
    return null;
  }
}
