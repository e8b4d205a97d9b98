import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { formatCents } from "#common/money.ts";
import { adBookingSchema, topEventOrderSchema } from "#common/schemas/promotion.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { bookAd } from "#server/domain/payments/ad-bookings.server.ts";
import { orderTopEvent } from "#server/domain/payments/top-event-orders.server.ts";
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
  "Amounts are never taken from the client.";

/** POST /api/payments/order/top-event/ and POST /api/payments/order/ad/ (SPEC §7). */
export const paymentOrderRoutes: FastifyPluginAsyncZod<{ deps: DomainDeps }> = async (
  app,
  { deps },
) => {
  app.post(
    "/payments/order/top-event/",
    {
      schema: {
        tags: ["payments"],
        summary: "Order a top-event period for an own upcoming published party",
        description: `Price: weeks × the top-event price per week (site settings). ${termsDescription}`,
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
