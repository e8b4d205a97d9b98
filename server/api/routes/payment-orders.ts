import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { formatCents } from "#common/money.ts";
import { adBookingSchema, topEventOrderSchema } from "#common/schemas/promotion.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { bookAd } from "#server/domain/ads/ad-bookings.server.ts";
import { orderTopEvent, topEventOffer } from "#server/domain/payments/top-event-orders.server.ts";
import { requireActor } from "#server/http/request-auth.ts";
import { detailJson, idParams } from "#server/api/shared-schemas.ts";

const fieldErrorsJson = z.record(z.string(), z.array(z.string()));

const orderJson = z.object({
  order: z.number().int(),
  amount_cents: z.number().int().describe("Computed by the server"),
  amount: z.string().describe('German money format, "75,00 €"'),
  checkout_url: z.string().describe("Where the buyer pays (Stripe Checkout or the sandbox page)"),
});

const orderResponses = {
  400: fieldErrorsJson,
  401: detailJson,
  403: detailJson,
  404: detailJson,
  409: detailJson,
};

const termsDescription =
  "`accept_terms` must be true (the booking terms at /agb; the accepted version is stored with " +
  "the order). Send the same `order_key` again (a double click) and get the same order back. " +
  "Amounts are never taken from the client. `billing_name` and `billing_address` (optional) " +
  "go on the invoice and are kept in the account for the next booking (an empty string " +
  "clears them); left out, the account's are used.";

const topEventOfferJson = z.object({
  event: z.number().int(),
  price_per_week_cents: z.number().int().describe("The site's weekly top-event price"),
  night_ends_at: z.string().describe("When the party's night is over (ISO 8601): 06:00 after it"),
  top_until: z.string().nullable().describe("Where a paid period running now ends"),
  cover: z
    .object({
      label: z
        .string()
        .describe('As the form shows it: "Top-Event bis zur Party (9 Nächte) – 32,14 €"'),
      starts_at: z.string().describe("Now, or where the running period ends"),
      ends_at: z.string().describe("The end of the party's night"),
      nights: z.number().int().describe("Party nights charged"),
      amount_cents: z.number().int().describe("Computed by the server"),
      amount: z.string().describe('German money format, "32,14 €"'),
    })
    .nullable()
    .describe("What an order buys now; null when the party's night is covered already"),
});

/** POST /api/payments/order/top-event/ and POST /api/payments/order/ad/ (SPEC §7). */
export const paymentOrderRoutes: FastifyPluginAsyncZod<{ deps: DomainDeps }> = async (
  app,
  { deps },
) => {
  app.get(
    "/payments/top-event-offer/:id/",
    {
      schema: {
        tags: ["payments"],
        summary: "What promoting an own party costs now: the offer the promotion form shows",
        description:
          "One product, „Top-Event bis zur Party“: from the payment (or the end of a running " +
          "period) to the end of the party's night, each party night not yet covered at a " +
          "seventh of the weekly price. Parties can be promoted from four weeks before their " +
          "night (else 409 with the first night).",
        params: idParams,
        response: {
          200: topEventOfferJson,
          401: detailJson,
          403: detailJson,
          404: detailJson,
          409: detailJson,
        },
      },
    },
    async (request, reply) => {
      const actor = await requireActor(deps, request, reply);
      const offer = await topEventOffer(deps, actor, request.params.id);
      return {
        event: offer.event.id,
        price_per_week_cents: offer.pricePerWeekCents,
        night_ends_at: offer.nightEndsAt.toISOString(),
        top_until: offer.event.topUntil?.toISOString() ?? null,
        cover: offer.cover && {
          label: offer.cover.label,
          starts_at: offer.cover.startsAt.toISOString(),
          ends_at: offer.cover.endsAt.toISOString(),
          nights: offer.cover.nights,
          amount_cents: offer.cover.amountCents,
          amount: formatCents(offer.cover.amountCents),
        },
      };
    },
  );

  app.post(
    "/payments/order/top-event/",
    {
      schema: {
        tags: ["payments"],
        summary: "Order „Top-Event bis zur Party“ for an own upcoming published party",
        description:
          "The period and price of GET /api/payments/top-event-offer/{id}/ (409 when the " +
          `party's night is covered already). ${termsDescription}`,
        body: z.strictObject({ event: idParams.shape.id, ...topEventOrderSchema.shape }),
        response: { 201: orderJson, ...orderResponses },
      },
    },
    async (request, reply) => {
      const actor = await requireActor(deps, request, reply);
      const { event, ...input } = request.body;
      const order = await orderTopEvent(deps, actor, event, input);
      return reply.status(201).send({
        order: order.orderId,
        amount_cents: order.amountCents,
        amount: formatCents(order.amountCents),
        checkout_url: order.checkoutUrl,
      });
    },
  );

  app.post(
    "/payments/order/ad/",
    {
      schema: {
        tags: ["payments"],
        summary: "Book an ad and order its payment",
        description:
          "`image` is a path from POST /api/upload-flyer/, `target_url` http(s) only, " +
          "`duration` 1–4 (SPEC §9: 75,00 €, 120,00 €, 175,00 €, 210,00 €), `start_date` " +
          `YYYY-MM-DD (today or later, city time). ${termsDescription}`,
        body: adBookingSchema.strict(),
        response: { 201: orderJson.extend({ ad: z.number().int() }), ...orderResponses },
      },
    },
    async (request, reply) => {
      const actor = await requireActor(deps, request, reply);
      const booking = await bookAd(deps, actor, request.body);
      return reply.status(201).send({
        order: booking.orderId,
        ad: booking.adId,
        amount_cents: booking.amountCents,
        amount: formatCents(booking.amountCents),
        checkout_url: booking.checkoutUrl,
      });
    },
  );
};
