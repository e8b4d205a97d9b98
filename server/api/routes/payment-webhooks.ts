import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { DomainDeps } from "#server/domain/deps.ts";
import { handlePaymentEvent } from "#server/domain/payments/payment-events.server.ts";
import { WebhookSignatureError } from "#server/payments/payment-provider.ts";
import { detailJson } from "#server/api/shared-schemas.ts";

/**
 * POST /api/payments/webhook/: the provider's signed events (Stripe). The signature is checked
 * over the raw body; a forged or stale one is a 400 and changes nothing; a replay (same event
 * id) is answered 200 without a second effect; an event for an unknown order is logged.
 */
export const paymentWebhookRoutes: FastifyPluginAsyncZod<{ deps: DomainDeps }> = async (
  app,
  { deps },
) => {
  const readWebhook = deps.payments.readWebhook;
  if (!readWebhook) return;
  // This plugin's own scope: the body stays the bytes that were signed.
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    "/payments/webhook/",
    {
      schema: {
        tags: ["payments"],
        summary: "Payment provider events (Stripe webhook, signed)",
        response: { 200: z.object({ received: z.literal(true) }), 400: detailJson },
      },
      config: { rateLimit: false },
    },
    async (request, reply) => {
      const signature = request.headers["stripe-signature"];
      let event;
      try {
        event = readWebhook(
          request.body as Buffer,
          typeof signature === "string" ? signature : undefined,
        );
      } catch (error) {
        if (!(error instanceof WebhookSignatureError)) throw error;
        request.log.warn({ reason: error.message }, "payment webhook refused: bad signature");
        return reply.status(400).send({ detail: "Ungültige Signatur." });
      }
      const { recorded, settlement } = await handlePaymentEvent(deps, event);
      const level = recorded.result === "unknown_order" ? "warn" : "info";
      request.log[level]({ payment: recorded, settlement }, "payment webhook");
      return { received: true as const };
    },
  );
};
